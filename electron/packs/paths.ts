// Entry names are checked before anything is read: a pack never writes files itself, but
// its names reach messages, the manifest and perhaps a later "save extras" step, so any name
// that could climb out of a folder (zip-slip) or mean different things on different systems
// makes the whole pack unacceptable.

const MAX_NAME_LENGTH = 255;

/** Why `name` is not an acceptable entry name, or null when it is. */
export function entryNameProblem(name: string): string | null {
  if (name === '') return 'has an empty name';
  if (name.length > MAX_NAME_LENGTH) return `has a name longer than ${MAX_NAME_LENGTH} characters`;
  if (name.includes('\\')) return 'uses a backslash in its path; pack paths use "/" only';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'has control characters in its name';
  if (name.startsWith('/')) return 'has an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'starts with a drive letter';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return 'climbs out of the pack with ".."';
  if (segments.some((s) => s === '' || s === '.')) return 'has an empty or "." path segment';
  return null;
}

export const isDirectoryName = (name: string): boolean => name.endsWith('/');

/** Makes a file name from free text: letters, digits, ".", "-" and "_" only. */
export function safeFileName(text: string, fallback: string): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+(\.|$)/g, '$1')
    .replace(/^[.-]+/, '')
    .slice(0, 80);
  return cleaned === '' ? fallback : cleaned;
}
