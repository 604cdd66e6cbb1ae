// The scenario library service (see library.ts).
export { openLibrary, type OpenLibraryOptions } from './library.js';
export { LibraryError, type LibraryErrorCode } from './errors.js';
export { LIBRARY_FILE_NAME } from './db.js';
export { LATEST_VERSION } from './migrations.js';
export type * from './types.js';
export type { BatchImportItem, BatchImportOutcome, BatchImportResult, ConflictChoice } from './batch-import.js';
