import { readableInk, readableTextOn, safeHexColor } from "../../shared/color";

/**
 * The lightest-but-one surface the accent is printed on as text (the page background token
 * `--color-bg` in src/client/styles/tokens.css); on the white cards contrast is higher still.
 */
const PAGE_BACKGROUND = "#f6f7f9";

/**
 * The `:root` rule of a page: the tenant's accent (buttons, header band) with readable text on it,
 * the accent as ink for links, borders and focus rings (darkened when the tenant's colour is too
 * light to read on the page), and the widget colour. Values are validated hex only.
 */
export function themeCss(accent: unknown, widget: unknown): string {
  const a = safeHexColor(accent);
  const w = safeHexColor(widget, a);
  return `:root{--accent:${a};--accent-text:${readableTextOn(a)};--widget:${w};--widget-text:${readableTextOn(w)};--accent-ink:${readableInk(a, PAGE_BACKGROUND)}}`;
}
