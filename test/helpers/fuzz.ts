import fc from "fast-check";
import { inject } from "vitest";

/**
 * Arbitraries for property and fuzz tests (issue 24): hostile JSON and query strings. Every run is
 * seeded; the seed is printed and `FUZZ_SEED=<n> npm test` (or npx vitest run ... ) replays it.
 */
export function fuzzSeed(name: string): number {
  const seed = inject("fuzzSeed");
  console.log(`${name}: fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
  return seed;
}

/** Names that are also members of Object.prototype (and so of every plain object). */
export const PROTO_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupGetter__",
] as const;

/** Strings a careless parser trips over: lone surrogates, NUL, control and RTL characters, long runs. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\uD800",
    "x\uDFFFy",
    "\u202Eevil",
    "\uFEFF",
    "%00",
    "%",
    "🙂",
    "\\",
    '"',
    "<script>",
    "null",
    "NaN",
    "-0",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("a".repeat(5000), "🙂".repeat(2000)),
);

export const key = fc.oneof(fc.constantFrom(...PROTO_KEYS), nastyString, fc.string({ maxLength: 12 }));

/** Numbers as JSON text, including ones JavaScript cannot hold exactly or at all. */
export const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom("1e400", "-1e400", "9007199254740993", "123456789012345678901234567890", "0.0000000000000000000001", "-0", "1E+2"),
);

/** JSON text with objects written key by key, so `__proto__` and repeated keys really are in the text. */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("null", "true", "false"),
    numberText,
    nastyString.map((s) => JSON.stringify(s)),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(fc.tuple(key, tie("value")), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  ),
})).value;

/** Bodies that are not JSON at all, or JSON no parser should be made to recurse through. */
export const rawGarbage = fc.oneof(
  fc.constantFrom("", "{", "}", "[", "{'a':1}", "undefined", "NaN", '{"a":1}{"b":2}', "\u0000", '{"a":"\\uD800"}', '{"a":"\\u0000"}'),
  fc.integer({ min: 500, max: 5000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
  fc.integer({ min: 500, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.string({ unit: "binary", maxLength: 200 }),
);

/** A JSON object text: `base` (a valid body) with `extra` entries appended or replacing fields. */
export function objectText(base: Record<string, unknown>, extra: [string, string][]): string {
  const entries: [string, string][] = Object.entries(base).map(([k, v]) => [k, JSON.stringify(v)]);
  for (const [k, v] of extra) {
    const at = entries.findIndex(([name]) => name === k);
    if (at >= 0) entries[at] = [k, v];
    else entries.push([k, v]);
  }
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
}

/**
 * A body for a route whose valid body is `base` (or that takes none): the valid body with a
 * prototype-named or odd extra key, the valid body with one field's value replaced by a hostile
 * one, any JSON, or no JSON at all.
 */
export function bodyFor(base: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  const valid = base ?? {};
  const fields = Object.keys(valid);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...PROTO_KEYS), jsonText).map(([k, v]) => objectText(valid, [[k, v]])),
    fc.array(fc.tuple(key, jsonText), { minLength: 1, maxLength: 3 }).map((extra) => objectText(valid, extra)),
    ...(fields.length ? [fc.tuple(fc.constantFrom(...fields), jsonText).map(([k, v]) => objectText(valid, [[k, v]]))] : []),
    jsonText,
    rawGarbage,
  );
}

/** Percent-encodes any string, lone surrogates included (as the bytes WTF-8 would give them). */
export function encodeAny(s: string): string {
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query string: known parameter names and hostile ones, hostile values, repeated keys. */
export function queryFor(known: string[]): fc.Arbitrary<string> {
  const name = known.length ? fc.oneof(fc.constantFrom(...known), key) : key;
  const value = fc.oneof(
    nastyString,
    numberText,
    fc.constantFrom("2031-03-11", "2031-03-11T10:00:00Z", "true", "1", "0", "-1", "200", "201"),
  );
  return fc
    .array(fc.tuple(name, value, fc.boolean()), { maxLength: 6 })
    .map((pairs) =>
      pairs
        .map(([k, v, raw]) => (raw ? `${k.replace(/[&#=\s]/g, "")}=${v.replace(/[&#\s]/g, "")}` : `${encodeAny(k)}=${encodeAny(v)}`))
        .join("&"),
    );
}

/**
 * Content-Type headers (issue #33): JSON as clients send it, other media types, and headers a
 * media-type parser must refuse (empty parameters, a parameter without a value, a stray `;`, an
 * unterminated quote, no subtype, characters outside the token set).
 */
export const contentTypeHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("application/json", "application/json; charset=utf-8", "APPLICATION/JSON; Charset=UTF-8") },
  { weight: 2, arbitrary: fc.constantFrom("text/plain", "", "application/x-www-form-urlencoded", "multipart/form-data", "*/*") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json;;;",
      "application/json; charset",
      "application/json;charset=utf-8;",
      "application/json; =utf-8",
      'application/json; charset="utf-8',
      "application/json ; charset=utf-8",
      "application/json; charset=utf-8; charset=latin1",
      "application/json; x_y=1",
      "application/",
      "/json",
      "json",
      ";",
      "application/json\u00e9",
      "application/json; charset=\u00ff",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 }) },
);

/** Accept headers: usual, odd and malformed (nothing may answer 500 for one). */
export const acceptHeader = fc.oneof(
  fc.constantFrom("application/json", "*/*", "text/html", "application/json;;;", "", ";q=", "*/*;q=abc", "application/*;q=0.5, */*;q=2"),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
);

/**
 * Authorization headers that are not a usable credential for `token` (a valid one): no scheme,
 * another scheme, the scheme alone, the token cut or extended, two credentials, bytes outside ASCII.
 */
export function malformedAuthorization(token: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      "Bearer",
      "Bearer ",
      "bearer\t",
      token,
      `Basic ${token}`,
      `Token ${token}`,
      `Bearer ${token.slice(0, -3)}`,
      `Bearer ${token}.x`,
      `Bearer ${token} ${token}`,
      `Bearer ${token},Bearer ${token}`,
      "Bearer \u00e9\u00ff",
      "Bearer a.b",
      "Bearer bk_short_x",
    ),
    fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  );
}
