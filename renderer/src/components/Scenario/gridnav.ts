// Spreadsheet keys for the panels' tables: arrow keys move between cells that carry
// data-row / data-col inside the nearest [data-grid]. In a text field, Left/Right stay
// with the text; Up/Down (and Enter, which commits the field) move between rows.

function cellAt(grid: Element, row: number, col: number): HTMLElement | null {
  return grid.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`);
}

/** Handles an arrow/Enter key on a table cell; true when focus moved. */
export function gridKey(e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey) return false;
  const el = e.target as HTMLElement;
  const grid = el.closest('[data-grid]');
  const row = Number(el.dataset.row);
  const col = Number(el.dataset.col);
  if (!grid || !Number.isFinite(row) || !Number.isFinite(col)) return false;
  const textual = el instanceof HTMLInputElement && !['checkbox', 'button', 'color'].includes(el.type);
  let dr = 0;
  let dc = 0;
  if (e.key === 'ArrowUp') dr = -1;
  else if (e.key === 'ArrowDown') dr = 1;
  else if (e.key === 'Enter' && textual) dr = e.shiftKey ? -1 : 1;
  else if (e.key === 'ArrowLeft' && (!textual || (el as HTMLInputElement).selectionStart === 0)) dc = -1;
  else if (e.key === 'ArrowRight' && (!textual || (el as HTMLInputElement).selectionEnd === (el as HTMLInputElement).value.length)) dc = 1;
  else return false;
  if (el instanceof HTMLSelectElement && dr !== 0 && e.key !== 'Enter') return false; // a select's own arrows pick values
  if (textual && e.key === 'Enter') el.blur(); // commit before moving
  const next = cellAt(grid, row + dr, col + dc);
  if (!next) return e.key === 'Enter';
  e.preventDefault();
  next.focus();
  if (next instanceof HTMLInputElement && next.type === 'text') next.select();
  return true;
}
