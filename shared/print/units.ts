// Physical units for printing. Everything is kept in millimetres (doubles) until the very
// last step, where 1 pt = 1/72 in = 25.4/72 mm; nothing is rounded on the way, so page
// windows computed from a page index never drift.

export const MM_PER_INCH = 25.4;
export const PT_PER_INCH = 72;
export const PT_PER_MM = PT_PER_INCH / MM_PER_INCH;

export const mmToPt = (mm: number): number => mm * PT_PER_MM;
export const ptToMm = (pt: number): number => pt / PT_PER_MM;

export type LengthUnit = 'mm' | 'cm' | 'in';

export interface Length {
  value: number;
  unit: LengthUnit;
}

const MM_PER_UNIT: Record<LengthUnit, number> = { mm: 1, cm: 10, in: MM_PER_INCH };

export const toMm = (length: Length): number => length.value * MM_PER_UNIT[length.unit];

/** "10cm", "4 in", "12.5mm", "4\"" → a Length; null when the text is not one. */
export function parseLength(text: string): Length | null {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|inch|inches|")\s*$/i.exec(text);
  if (!m) return null;
  const value = Number(m[1]);
  const raw = m[2]!.toLowerCase();
  const unit: LengthUnit = raw === 'mm' ? 'mm' : raw === 'cm' ? 'cm' : 'in';
  return { value, unit };
}

export function formatLength(length: Length): string {
  return `${trimNumber(length.value)} ${length.unit}`;
}

/** A number with at most `digits` decimals and no trailing zeros. */
export function trimNumber(value: number, digits = 2): string {
  return String(Number(value.toFixed(digits)));
}

export type PaperName = 'A4' | 'A3' | 'A2' | 'Letter' | 'Legal' | 'Tabloid';

/** Portrait sizes in millimetres (ISO 216 and ANSI, the inch sizes converted exactly). */
export const PAPER_SIZES_MM: Readonly<Record<PaperName, { width: number; height: number }>> = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
  A2: { width: 420, height: 594 },
  Letter: { width: 8.5 * MM_PER_INCH, height: 11 * MM_PER_INCH },
  Legal: { width: 8.5 * MM_PER_INCH, height: 14 * MM_PER_INCH },
  Tabloid: { width: 11 * MM_PER_INCH, height: 17 * MM_PER_INCH },
};

export const PAPER_NAMES = Object.keys(PAPER_SIZES_MM) as PaperName[];

export function isPaperName(text: string): text is PaperName {
  return (PAPER_NAMES as string[]).includes(text);
}

/** "600x900mm", "24x36in", "A3" (case-insensitive) → a paper size in mm; null if not one. */
export function parsePaper(text: string): { name: PaperName } | { width: number; height: number } | null {
  const named = PAPER_NAMES.find((p) => p.toLowerCase() === text.trim().toLowerCase());
  if (named) return { name: named };
  const m = /^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$/i.exec(text);
  if (!m) return null;
  const unit = m[3]!.toLowerCase() as LengthUnit;
  return {
    width: toMm({ value: Number(m[1]), unit }),
    height: toMm({ value: Number(m[2]), unit }),
  };
}
