// Short texts about a scenario summary, shared by the cards, rows and details panel.
import type { LibrarySummary } from '../../host/index.js';

const KIND_NAME: Record<string, string> = { hex: 'Hex', square: 'Square', offsetSquare: 'Offset square' };

export function gridText(s: Pick<LibrarySummary, 'gridKind' | 'cols' | 'rows'>): string {
  return `${KIND_NAME[s.gridKind] ?? s.gridKind} · ${s.cols}×${s.rows}`;
}

export function sidesText(s: Pick<LibrarySummary, 'sides'>): string {
  return s.sides.join(' vs ');
}

export function fullDate(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
