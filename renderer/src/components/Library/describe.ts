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

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date. */
export function relativeTime(ms: number, now = Date.now()): string {
  const s = Math.round((now - ms) / 1000);
  if (s < 45) return 'just now';
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d === 1) return 'yesterday';
  if (d < 7) return `${d} days ago`;
  return new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
