/**
 * Tenant colours go into CSS custom properties, so they are validated as hex colours first: a
 * value such as `red;}</style><script>` must never reach a stylesheet.
 */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const DEFAULT_ACCENT = "#4f46e5";

export function safeHexColor(value: unknown, fallback = DEFAULT_ACCENT): string {
  if (typeof value !== "string") return fallback;
  const v = value.trim();
  return HEX.test(v) ? v.toLowerCase() : fallback;
}

function channels(hex: string): [number, number, number] {
  const h =
    hex.length === 4
      ? hex
          .slice(1)
          .split("")
          .map((c) => c + c)
          .join("")
      : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black text, whichever has the higher WCAG contrast on the given background. */
export function readableTextOn(hex: string): string {
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance("#111827") + 0.05);
  return onWhite >= onDark ? "#ffffff" : "#111827";
}

/** The `:root` rule of a page: accent (buttons, focus) and widget colour, each with readable text. */
export function themeCss(accent: unknown, widget: unknown): string {
  const a = safeHexColor(accent);
  const w = safeHexColor(widget, a);
  return `:root{--accent:${a};--accent-text:${readableTextOn(a)};--widget:${w};--widget-text:${readableTextOn(w)}}`;
}
