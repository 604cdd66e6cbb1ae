// Scenario packs (.gfpack): export, inspection and all-or-nothing import. Plain Node.
export { exportPack, planPack, type ExportExtra, type ExportOptions, type ExportScenario, type PackInfo } from './export.js';
export { inspectPack, findConflicts, type InspectOptions } from './inspect.js';
export { importPack, planImport, type ImportOptions, type ImportPlan, type ImportPlanItem } from './import.js';
export { PackError } from './errors.js';
export { DEFAULT_LIMITS, type PackLimits } from './limits.js';
export type * from './types.js';
export { scenariosFromLibrary } from './from-library.js';
