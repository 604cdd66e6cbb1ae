// Errors the library throws for requests it cannot act on. Refused documents are not
// errors: writes return `{ ok: false, issues }` instead (see WriteResult).
import { HostError } from '../../shared/host/contract.js';

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

function asHostError(err: unknown): unknown {
  if (err instanceof LibraryError) return new HostError({ code: err.code === 'not-found' ? 'not-found' : 'bad-request', message: err.message });
  return err;
}

/**
 * A library call as a host channel's handler: library errors become host errors with the
 * matching code (also when a promise rejects); anything else is a bug and reaches the router
 * as an internal failure.
 */
export function hostErrors<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      const result = fn(...args);
      return (result instanceof Promise ? result.catch((err: unknown) => Promise.reject(asHostError(err))) : result) as R;
    } catch (err) {
      throw asHostError(err);
    }
  };
}
