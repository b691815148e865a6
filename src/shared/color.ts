/**
 * Colour rules shared by the server (tenant theme CSS, /widget/status) and the browser (widget
 * button, console swatches). Tenant colours reach CSS only as validated hex: a value such as
 * `red;}</style><script>` must never reach a stylesheet or a style property.
 */

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const DEFAULT_ACCENT = "#4f46e5";
export const WHITE = "#ffffff";
/** The near-black used for text on light colours (also the pages' text colour). */
export const INK = "#111827";

export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && HEX.test(value);
}

/** A `#rgb`/`#rrggbb` colour, trimmed and lower-cased; anything else gives the fallback. */
export function safeHexColor(value: unknown, fallback = DEFAULT_ACCENT): string {
  if (typeof value !== "string") return fallback;
  const v = value.trim();
  return HEX.test(v) ? v.toLowerCase() : fallback;
}

function channels(hex: string): [number, number, number] {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join("") : hex.slice(1);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance of a hex colour (0 black .. 1 white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 .. 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black text, whichever has the higher WCAG contrast on the given background. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? WHITE : INK;
}

/**
 * The colour itself when it is readable as text on `surface` (WCAG AA, 4.5:1 by default),
 * otherwise the same hue mixed towards black just far enough to be. Tenant accents such as
 * yellow stay recognisable in links and borders without failing contrast.
 */
export function readableInk(color: string, surface = WHITE, minRatio = 4.5): string {
  if (contrastRatio(color, surface) >= minRatio) return color.toLowerCase();
  const rgb = channels(color);
  // 20 steps of 5 % towards black; black itself always passes on a light surface.
  for (let step = 1; step <= 20; step++) {
    const mixed = toHex(rgb.map((c) => c * (1 - step / 20)) as [number, number, number]);
    if (contrastRatio(mixed, surface) >= minRatio) return mixed;
  }
  return "#000000";
}
