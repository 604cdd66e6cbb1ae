// Short texts about a scenario summary, shared by the cards, rows and details panel.
import type { LibrarySummary } from '../../host/index.js';

const KIND_NAME: Record<string, string> = { hex: 'Hex', square: 'Square', offsetSquare: 'Offset square', network: 'Network' };

/** "Hex · 7×7"; a network counts its positions (stored as columns of one row). */
export function gridText(s: Pick<LibrarySummary, 'gridKind' | 'cols' | 'rows'>): string {
  if (s.gridKind === 'network') return `Network · ${s.cols} position${s.cols === 1 ? '' : 's'}`;
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

export type BadgeTone = 'ok' | 'warn' | 'bad';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The check badge: green when clean, amber with only warnings, red with errors; the tooltip lists the first messages. */
export function checkBadge(s: Pick<LibrarySummary, 'checkStatus' | 'errorCount' | 'warningCount' | 'checkNotes'>): {
  tone: BadgeTone;
  label: string;
  tooltip: string;
} {
  const notes = s.checkNotes ?? [];
  const list = (total: number) => {
    const lines = notes.map((n) => `• ${n}`);
    if (total > notes.length) lines.push(`…and ${total - notes.length} more; open the scenario's Checks panel for all of them.`);
    return lines.join('\n');
  };
  if (s.checkStatus === 'errors') {
    const count = Math.max(1, s.errorCount);
    return {
      tone: 'bad',
      label: plural(count, 'error'),
      tooltip: `Does not pass the checks, so it cannot be test-played until fixed:\n${list(count + (s.warningCount ?? 0))}`,
    };
  }
  const warnings = s.warningCount ?? 0;
  if (warnings > 0) {
    return { tone: 'warn', label: plural(warnings, 'warning'), tooltip: `Passes the checks, with ${plural(warnings, 'warning')} worth a look:\n${list(warnings)}` };
  }
  return { tone: 'ok', label: 'Valid', tooltip: 'Passes the format and design checks' };
}

/** Why a library scenario cannot be test-played straight away, or null when it can. */
export function testPlayBlock(s: Pick<LibrarySummary, 'checkStatus' | 'errorCount' | 'trashedAt'>): string | null {
  if (s.trashedAt !== null) return 'Restore the scenario from the trash to test-play it.';
  if (s.checkStatus === 'errors') {
    return `Test-play needs a scenario without errors: open it and fix the ${plural(Math.max(1, s.errorCount), 'error')} first.`;
  }
  return null;
}
