// Thrown when a pack cannot be made or a request cannot be acted on; carries every reason.
import type { PackProblem } from './types.js';

export class PackError extends Error {
  constructor(readonly problems: PackProblem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'PackError';
  }
}
