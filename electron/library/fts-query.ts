// Turns whatever the user typed into a safe FTS5 query. The user's text is never passed
// through as query syntax: it is cut into words the way the unicode61 tokenizer cuts them,
// each word is quoted (so AND, OR, NEAR, quotes and brackets are just text), and each word
// matches as a prefix so results appear while typing ("Dniep" finds "Dnieper").

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Beyond this many words a query is not a search any more; extra words are dropped. */
const MAX_WORDS = 16;

export function toFtsQuery(text: string): string | null {
  const words = (text.normalize('NFKC').match(WORD) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(' ');
}
