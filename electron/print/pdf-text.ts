// Reads back the text a Gridfront PDF prints, with where each run sits on its page, so tests can
// check what a printed page says and where (the kit's turn boxes, counter names). It understands
// the content streams our own Canvas writes (q/Q, cm, BT … Tf … Tm <hex> Tj ET, FlateDecode) with
// the standard fonts' WinAnsi encoding; it is not a general PDF text extractor.
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { PT_PER_MM } from '../../shared/print/units.js';

export interface TextRun {
  text: string;
  /** Left end of the baseline, mm from the page's left edge. */
  x: number;
  /** Baseline, mm down from the page's top edge. */
  y: number;
  /** Font size in mm. */
  size: number;
  /** Width of the run in mm. */
  width: number;
  bold: boolean;
}

export interface PageText {
  /** Page size in mm. */
  width: number;
  height: number;
  runs: TextRun[];
}

// WinAnsi codes 0x80–0x9F that are not Latin-1.
const WIN_ANSI: Record<number, string> = {
  0x80: '\u20ac', 0x82: '\u201a', 0x83: '\u0192', 0x84: '\u201e', 0x85: '\u2026', 0x86: '\u2020', 0x87: '\u2021', 0x88: '\u02c6', 0x89: '\u2030', 0x8a: '\u0160', 0x8b: '\u2039', 0x8c: '\u0152', 0x8e: '\u017d',
  0x91: '\u2018', 0x92: '\u2019', 0x93: '\u201c', 0x94: '\u201d', 0x95: '\u2022', 0x96: '\u2013', 0x97: '\u2014', 0x98: '\u02dc', 0x99: '\u2122', 0x9a: '\u0161', 0x9b: '\u203a', 0x9c: '\u0153', 0x9e: '\u017e', 0x9f: '\u0178',
};

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const b = Number.parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI[b] ?? String.fromCharCode(b);
  }
  return out;
}

function streamsOf(page: PDFPage): Uint8Array[] {
  const contents = page.node.Contents();
  const list = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  const out: Uint8Array[] = [];
  for (const s of list) {
    if (!(s instanceof PDFRawStream)) continue;
    const filter = s.dict.get(PDFName.of('Filter'));
    out.push(filter && filter.toString() === '/FlateDecode' ? inflateSync(s.contents) : s.contents);
  }
  return out;
}

type M = [number, number, number, number, number, number];
const mul = (m: M, n: M): M => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

export async function readPdfText(pdf: Uint8Array): Promise<PageText[]> {
  const doc = await PDFDocument.load(pdf);
  const scratch = await PDFDocument.create();
  const fonts: Record<string, PDFFont> = {
    Helvetica: await scratch.embedFont(StandardFonts.Helvetica),
    'Helvetica-Bold': await scratch.embedFont(StandardFonts.HelveticaBold),
  };
  return doc.getPages().map((page) => {
    const H = page.getHeight();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const baseFont = (key: string): string => {
      const f = fontDict?.lookupMaybe(PDFName.of(key), PDFDict);
      return f?.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? 'Helvetica';
    };
    const runs: TextRun[] = [];
    for (const bytes of streamsOf(page)) {
      const tokens = Buffer.from(bytes).toString('latin1').match(/<[0-9A-Fa-f]*>|\/[^\s/[\]<>()]+|\[|\]|[^\s[\]<>/]+/g) ?? [];
      let ctm: M = [1, 0, 0, 1, 0, 0];
      const stack: M[] = [];
      let operands: string[] = [];
      let font = 'Helvetica';
      let size = 0;
      let tm: M = [1, 0, 0, 1, 0, 0];
      for (const t of tokens) {
        if (/^[-+.\d]/.test(t) || t.startsWith('/') || t.startsWith('<') || t === '[' || t === ']') {
          operands.push(t);
          continue;
        }
        const n = operands.map(Number);
        switch (t) {
          case 'q':
            stack.push(ctm);
            break;
          case 'Q':
            ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
            break;
          case 'cm':
            ctm = mul(ctm, n.slice(-6) as M);
            break;
          case 'Tf':
            font = baseFont(operands[0]!.slice(1));
            size = Number(operands[1]);
            break;
          case 'Tm':
            tm = n.slice(-6) as M;
            break;
          case 'Tj': {
            const text = decodeHex(operands[operands.length - 1]!.slice(1, -1));
            const m = mul(ctm, tm);
            const scale = Math.hypot(m[2], m[3]);
            const sizeMm = (size * scale) / PT_PER_MM;
            const f = fonts[font] ?? fonts.Helvetica!;
            runs.push({ text, x: m[4] / PT_PER_MM, y: (H - m[5]) / PT_PER_MM, size: sizeMm, width: f.widthOfTextAtSize(text, sizeMm), bold: font.endsWith('Bold') });
            break;
          }
        }
        operands = [];
      }
    }
    return { width: page.getWidth() / PT_PER_MM, height: H / PT_PER_MM, runs };
  });
}

/** The runs whose baseline start lies inside a rectangle (mm). */
export function runsIn(page: PageText, r: { x: number; y: number; width: number; height: number }): TextRun[] {
  return page.runs.filter((t) => t.x >= r.x - 0.01 && t.x <= r.x + r.width + 0.01 && t.y >= r.y - 0.01 && t.y <= r.y + r.height + 0.01);
}
