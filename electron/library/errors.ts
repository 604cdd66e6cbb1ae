// Errors the library throws for requests it cannot act on. Refused documents are not
// errors: writes return `{ ok: false, issues }` instead (see WriteResult).

export type LibraryErrorCode = 'not-found' | 'bad-request' | 'newer-database';

export class LibraryError extends Error {
  constructor(
    readonly code: LibraryErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LibraryError';
  }
}

export function notFound(id: string): LibraryError {
  return new LibraryError('not-found', `No scenario with id "${id}" in the library`);
}
