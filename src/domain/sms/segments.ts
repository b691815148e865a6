/**
 * How many SMS segments a text costs (design.md §27: every text at most 2). Pure.
 *
 * A text is GSM-7 when every character is in the GSM 03.38 basic table or its extension table
 * (the extension characters take two septets: an escape and the character); anything else, Greek
 * lower case and emoji included, makes the whole text UCS-2, counted in UTF-16 code units (an emoji
 * outside the BMP is two). One segment holds 160 septets or 70 code units; a longer text is sent
 * in parts of 153 septets or 67 code units (the rest is the concatenation header), and a part never
 * splits an escape pair or a surrogate pair, so counting packs parts the way the carrier does.
 */

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

const BASIC = new Set(Array.from(GSM_BASIC));
const EXTENSION = new Set(Array.from(GSM_EXTENSION));

export type Encoding = "GSM-7" | "UCS-2";

export const SINGLE = { "GSM-7": 160, "UCS-2": 70 } as const;
export const PART = { "GSM-7": 153, "UCS-2": 67 } as const;
/** design.md §27: no text is longer than this many segments. */
export const MAX_SEGMENTS = 2;

export function encodingOf(text: string): Encoding {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return "UCS-2";
  return "GSM-7";
}

/** The units each character takes: septets (GSM-7) or UTF-16 code units (UCS-2). */
function unitsOf(text: string, encoding: Encoding): number[] {
  return Array.from(text, (ch) => (encoding === "GSM-7" ? (EXTENSION.has(ch) ? 2 : 1) : ch.length));
}

export type SegmentCount = { encoding: Encoding; units: number; segments: number };

export function countSegments(text: string): SegmentCount {
  const encoding = encodingOf(text);
  const units = unitsOf(text, encoding);
  const total = units.reduce((a, b) => a + b, 0);
  if (total === 0) return { encoding, units: 0, segments: 0 };
  if (total <= SINGLE[encoding]) return { encoding, units: total, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const u of units) {
    // A character that does not fit whole starts the next part.
    if (used + u > PART[encoding]) {
      segments += 1;
      used = 0;
    }
    used += u;
  }
  return { encoding, units: total, segments };
}

export const fitsSegments = (text: string, max = MAX_SEGMENTS) => countSegments(text).segments <= max;
