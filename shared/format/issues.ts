// The shape every scenario problem takes, whether the schema or a semantic check found it, so
// the CLI, the library's save path and the editor's checks panel show them the same way.

export type Severity = 'error' | 'warning';

export interface ValidationIssue {
  /** JSON pointer to the offending value ("" is the whole document). */
  pointer: string;
  /** The offending value, when there is one worth showing. */
  value?: unknown;
  /** A sentence a designer can act on. */
  message: string;
  /** Errors make the scenario invalid; warnings are design advice. */
  severity: Severity;
  /** The cell ("col,row") the issue is about, so the editor can jump to it. */
  cell?: string;
}

export type ValidationResult<T = unknown> =
  | { ok: true; value: T; issues: ValidationIssue[] /* warnings only */ }
  | { ok: false; issues: ValidationIssue[] };

/** Escapes one JSON pointer reference token (RFC 6901). */
export const escapePointerToken = (token: string | number): string =>
  String(token).replace(/~/g, '~0').replace(/\//g, '~1');

/** Builds a JSON pointer from tokens: pointer('map', 'cells', '3,4') → "/map/cells/3,4". */
export const pointer = (...tokens: (string | number)[]): string =>
  tokens.map((t) => '/' + escapePointerToken(t)).join('');

/** Reads the value a JSON pointer names, or undefined when it names nothing. */
export function valueAt(doc: unknown, ptr: string): unknown {
  if (ptr === '') return doc;
  let node: unknown = doc;
  for (const raw of ptr.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** A short, quoted rendering of a value for messages: "twelve", 3.5, null, a list of 3 items. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > 48 ? text.slice(0, 45) + '…"' : text;
}

/** "a", "a or b", "a, b or c" */
export function listOr(items: readonly string[], word = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

export const hasErrors = (issues: readonly ValidationIssue[]): boolean => issues.some((i) => i.severity === 'error');

/** One line for people: "/map/grid/cols: …" (the whole document shows as "/"). */
export const formatIssue = (issue: ValidationIssue): string =>
  `${issue.severity === 'warning' ? 'warning: ' : ''}${issue.pointer || '/'}: ${issue.message}`;
