// File names made from a scenario's title, for everything Gridfront writes for people (JSON,
// PNG, SVG, PDF, packs): readable (spaces and case kept), the same on Windows, macOS and Linux,
// and within what the host channels accept (letters, digits, spaces, . _ ( ) -).
//
//   fileStem('The Ros Salient, January 1944')                    // 'The Ros Salient January 1944'
//   fileNameFor('Dnieper Bend', 'pdf', ['A4', '10 cm cells'])    // 'Dnieper Bend A4 10 cm cells.pdf'

const MAX_STEM = 80;
/** Latin letters that no accent-stripping turns into plain ones. */
const PLAIN: Record<string, string> = { ł: 'l', Ł: 'L', ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', œ: 'oe', Œ: 'OE' };

/** A title made safe for a file name; `fallback` when nothing of it is left. */
export function fileStem(title: string, fallback = 'scenario', max = MAX_STEM): string {
  const text = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: "Kraków" → "Krakow"
    .replace(/[łŁßæÆøØđĐœŒ]/g, (c) => PLAIN[c]!)
    .replace(/[–—]/g, '-')
    .replace(/[^A-Za-z0-9 ._()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.]+$/g, '');
  const cut = text.length > max ? text.slice(0, max).replace(/[\s.-]+$/, '') : text;
  return cut || fallback;
}

/** "<title> <extra…>.<ext>", each extra part (paper, cell size) made safe the same way. */
export function fileNameFor(title: string, ext: string, extra: readonly string[] = [], fallback = 'scenario'): string {
  const parts = [fileStem(title, fallback), ...extra.map((p) => fileStem(p, '')).filter(Boolean)];
  return `${parts.join(' ')}.${ext.replace(/^\./, '')}`;
}
