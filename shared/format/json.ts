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

/** Offset of the first character that breaks the JSON grammar, or -1 if the text is valid JSON. */
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
  const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') i++;
        else return void expect('}');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else return void expect(']');
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return void (i += word.length);
    NUMBER.lastIndex = i;
    if (NUMBER.exec(text)) return void (i = NUMBER.lastIndex);
    fail();
  };
  try {
    value();
    ws();
    if (i < n) fail();
    return -1;
  } catch (err) {
    if (err instanceof SyntaxAt) return err.offset;
    throw err;
  }
}

/** Parses JSON text; a leading byte-order mark (common from Windows editors) is ignored. */
export function parseJson(input: string): ParsedJson {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const offset = jsonSyntaxErrorOffset(text);
    if (offset < 0) return { ok: false, message: `invalid JSON: ${err instanceof Error ? err.message : String(err)}` };
    const where = lineColumn(text, offset);
    const reason = offset >= text.length ? 'the text ends too early' : `unexpected ${JSON.stringify(text[offset])}`;
    return { ok: false, message: `invalid JSON at line ${where.line}, column ${where.column}: ${reason}`, ...where };
  }
}
