// Writes scenario JSON so that it reads well and diffs well: the top levels and every
// per-cell list (terrain rows, control rows, edge lists, cell features) one item per line;
// small leaf objects such as a unit or a schedule entry on a single line.

const ALWAYS_EXPAND = new Set(['terrain', 'control', 'rivers', 'lakeShores', 'roads', 'rails', 'cells', 'terrainTypes', 'changes']);
const MAX_LINE = 160;

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`);
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

function hasNestedObjects(value: object): boolean {
  return Object.values(value).some((v) => v !== null && typeof v === 'object');
}

function write(value: unknown, indent: string, depth: number, key: string | null, prefixLength: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const oneLine = inline(value);
  const expand = depth === 0 || (key !== null && ALWAYS_EXPAND.has(key)) || (depth === 1 && hasNestedObjects(value));
  if (!expand && indent.length + prefixLength + oneLine.length <= MAX_LINE) return oneLine;
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + write(v, inner, depth + 1, null, 0)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => {
    const head = `${JSON.stringify(k)}: `;
    return inner + head + write(v, inner, depth + 1, k, head.length);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

export function formatScenarioJson(value: unknown): string {
  return write(value, '', 0, null, 0) + '\n';
}
