import { returns, v } from '../check.js';
import { defineChannels } from '../channel.js';
import type { Scenario } from '../../format/scenario.types.js';

/** Same pattern as the schema's `Id`. */
export const scenarioId = v.string({ pattern: /^[A-Za-z0-9_-]{1,64}$/, patternHint: '1–64 letters, digits, - or _' });

/** What a list of scenarios shows without loading each whole document. */
export interface ScenarioSummary {
  id: string;
  title: string;
  author?: string;
  description?: string;
  tags: string[];
  ruleset: string;
  grid: {
    kind: 'hex' | 'square' | 'offsetSquare' | 'network';
    /** Cells across; a network's number of positions. */
    cols: number;
    /** Cells down; 1 on a network. */
    rows: number;
    /** Hex only. */
    orientation?: 'flat' | 'pointy';
  };
  sides: { id: string; name: string; code: string; colour: string }[];
  turns: number;
  startDate: string;
}

export interface BundledScenarioSummary extends ScenarioSummary {
  /** File name inside the bundled scenarios folder, e.g. "kharkov-1943.json". */
  fileName: string;
}

export interface BundledScenario {
  fileName: string;
  scenario: Scenario;
}

export const scenarioChannels = defineChannels({
  'scenarios.listBundled': {
    doc: 'Summaries of the example scenarios shipped with the app (only schema-valid files).',
    request: v.none(),
    response: returns<BundledScenarioSummary[]>(),
  },
  'scenarios.getBundled': {
    doc: 'One bundled scenario document by its id.',
    request: v.object({ id: scenarioId }),
    response: returns<BundledScenario>(),
  },
});
