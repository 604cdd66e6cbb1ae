// Parsing JSON text with an answer a person can use: where the syntax broke, by line and column.
// JSON.parse does the parsing; only when it fails does a small grammar walk find the offset,
// because engines disagree on whether their error message states one (Node 20's often does not).

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string; line?: number; column?: number };

/** Line and column (both from 1) of a character offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, Math.max(0, offset)).split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

class SyntaxAt {
  constructor(readonly offset: number) {}
}

/**
 * Offset of the first character that breaks the JSON grammar, or -1 if the text is valid JSON.
 * A loop with an explicit stack of open arrays and objects, never recursion: hostile input
 * nested thousands deep must get an answer, not a stack overflow.
 */
export function jsonSyntaxErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const fail = (): never => {
    throw new SyntaxAt(i);
  };
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const expect = (ch: string) => (text[i] === ch ? i++ : fail());
  const string = () => {
    expect('"');
    while (i < n) {
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c === '\\') {
        i++;
        if ('"\\/bfnrt'.includes(text[i] ?? '!')) i++;
        else if (text[i] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 5;
        else fail();
      } else if (c < ' ') fail();
      else i++;
    }
    fail();
  };
  /** An object member's key and colon; its value follows. */
  const key = () => {
    ws();
    string();
    ws();
    expect(':');
  };
  const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
  const ARRAY = 0;
  const OBJECT = 1;
  /** The arrays and objects open around the current position, innermost last. */
  const open: number[] = [];
  try {
    for (;;) {
      // A value starts here: an opening bracket goes one level in and starts the next value.
      ws();
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        ws();
        if (text[i] === (c === '{' ? '}' : ']')) i++;
        else {
          open.push(c === '{' ? OBJECT : ARRAY);
          if (c === '{') key();
          continue;
        }
      } else if (c === '"') string();
      else if (text.startsWith('true', i)) i += 4;
      else if (text.startsWith('false', i)) i += 5;
      else if (text.startsWith('null', i)) i += 4;
      else {
        NUMBER.lastIndex = i;
        if (!NUMBER.exec(text)) fail();
        i = NUMBER.lastIndex;
      }
      // The value is complete: close the levels it completes, up to the next comma.
      for (;;) {
        ws();
        const top = open[open.length - 1];
        if (top === undefined) {
          if (i < n) fail();
          return -1;
        }
        if (text[i] === ',') {
          i++;
          if (top === OBJECT) key();
          break;
        }
        expect(top === OBJECT ? '}' : ']');
        open.pop();
      }
    }
  } catch (err) {
    if (err instanceof SyntaxAt) return err.offset;
    throw err;
  }
}

/**
 * Deepest nesting of arrays and objects a Gridfront file may have. Its formats nest about ten
 * levels; far deeper input is hostile or broken, and JSON.stringify, structuredClone and other
 * walkers overflow the call stack on it (a few thousand levels), so it is refused on reading.
 */
export const MAX_JSON_DEPTH = 256;

/** Offset of the bracket that opens nesting level `limit + 1` (brackets in strings skipped), or -1. */
export function tooDeepOffset(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/**
 * Parses JSON text; a leading byte-order mark (common from Windows editors) is ignored. Text
 * nested deeper than MAX_JSON_DEPTH is refused with the place where it goes too deep.
 */
export function parseJson(input: string): ParsedJson {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    const value = JSON.parse(text) as unknown;
    const deep = tooDeepOffset(text);
    if (deep >= 0) {
      const where = lineColumn(text, deep);
      return { ok: false, message: `JSON nested more than ${MAX_JSON_DEPTH} levels deep at line ${where.line}, column ${where.column}: no Gridfront file nests that deep`, ...where };
    }
    return { ok: true, value };
  } catch (err) {
    const offset = jsonSyntaxErrorOffset(text);
    if (offset < 0) return { ok: false, message: `invalid JSON: ${err instanceof Error ? err.message : String(err)}` };
    const where = lineColumn(text, offset);
    const reason = offset >= text.length ? 'the text ends too early' : `unexpected ${JSON.stringify(text[offset])}`;
    return { ok: false, message: `invalid JSON at line ${where.line}, column ${where.column}: ${reason}`, ...where };
  }
}
