/**
 * A rendered statement's text without what SQLite ignores (issue #42): `--` comments and runs of
 * whitespace (all of it beside a parenthesis or a comma) outside quoted literals and identifiers. A prepared statement's text goes out with
 * every request (Hrana over HTTP keeps no statement between requests), so its indentation and
 * comments were bytes encoded by the Worker and parsed by the server on every create and move.
 * Run once per isolate per statement (src/db/prepared.ts), never per request. A text with an
 * unclosed quote is returned as it was.
 */
const QUOTE = 39;
const DOUBLE_QUOTE = 34;
const BACKTICK = 96;
const DASH = 45;
const NEWLINE = 10;

const TIGHT = new Set([40, 41, 44]);

const isSpace = (ch: number) => ch === 32 || ch === NEWLINE || ch === 9 || ch === 13;

export function compactSql(text: string): string {
  let out = "";
  // A space is written only between two pieces of text, never at either end.
  let pendingSpace = false;
  const put = (piece: string) => {
    // Nor next to a parenthesis or a comma, where SQLite needs none.
    if (pendingSpace && out.length > 0 && !TIGHT.has(out.charCodeAt(out.length - 1)) && !TIGHT.has(piece.charCodeAt(0))) out += " ";
    pendingSpace = false;
    out += piece;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE || ch === DOUBLE_QUOTE || ch === BACKTICK) {
      const end = text.indexOf(text[i], i + 1);
      if (end < 0) return text;
      put(text.slice(i, end + 1));
      i = end;
    } else if (ch === DASH && text.charCodeAt(i + 1) === DASH) {
      const end = text.indexOf("\n", i);
      pendingSpace = true;
      if (end < 0) break;
      i = end;
    } else if (isSpace(ch)) {
      pendingSpace = true;
    } else {
      put(text[i]);
    }
  }
  return out;
}
