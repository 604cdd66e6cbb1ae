import { createHash } from 'node:crypto';

/** SHA-256 of the bytes as 64 lower-case hex digits, as the manifest records it. */
export const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');
