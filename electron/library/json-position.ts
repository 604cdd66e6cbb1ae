// Parses JSON text, and when it is malformed says where: V8's messages only sometimes
// carry a position, so on failure a small scanner walks the text to the first offending
// character. The scanner only locates errors; JSON.parse still does the parsing.

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string; offset: number; line: number; column: number };

export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const offset = firstErrorOffset(text);
    const { line, column } = lineAndColumn(text, offset);
    const reason = err instanceof Error ? err.message.replace(/ in JSON at position \d+.*$/s, '') : String(err);
    const found = offset >= text.length ? 'the end of the text' : `"${text[offset]}"`;
    return { ok: false, offset, line, column, message: `Malformed JSON at line ${line}, column ${column} (at ${found}): ${reason}` };
  }
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class Stop {
  constructor(readonly at: number) {}
}

/** Offset of the first character that makes `text` invalid JSON. */
export function firstErrorOffset(text: string): number {
  let i = 0;
  const fail = (at = i): never => {
    throw new Stop(at);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) if (text[i++] !== ch) fail(i - 1);
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 0x20) fail();
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i + 1);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i + 1);
      } else i++;
    }
    fail(text.length);
  };
  const number = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0].length === 0 || m[0] === '-') fail();
    i += m![0].length;
  };
  const value = (depth: number): void => {
    if (depth > 2_000) fail();
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail();
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail();
    return text.length;
  } catch (e) {
    if (e instanceof Stop) return e.at;
    throw e;
  }
}
