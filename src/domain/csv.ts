/**
 * CSV as spreadsheets and accountants read it (design.md §29): RFC 4180 (CRLF line ends; a field
 * holding a comma, a double quote, CR or LF is quoted, its quotes doubled), UTF-8 with a byte order
 * mark so Excel reads accents right, and text that a spreadsheet would run as a formula made
 * harmless. Pure: the export routes stream what these functions write.
 */

/** Written once, before the header row: tells Excel the file is UTF-8. */
export const BOM = "\uFEFF";

/** A number we formatted ourselves ("45.00"): written as it is, never taken for a formula. */
export type Figure = { readonly figure: string };

/**
 * A cell: text (names, e-mail, phone, notes, service and staff names: anything someone typed), a
 * number or figure we write ourselves (amounts, counts), or nothing.
 */
export type Cell = string | number | Figure | null;

/** An amount in minor units as a plain decimal figure of its currency ("45.00" for 4500 USD, "500" for 500 JPY). */
export function amountFigure(minor: number, digits: number): Figure {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  if (digits <= 0) return { figure: `${sign}${abs}` };
  const unit = 10 ** digits;
  return { figure: `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, "0")}` };
}

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection): `=`, `+`, `-`,
// `@`, and tab or carriage return, which some programs strip before looking.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that cannot run as a formula: a leading `'` makes spreadsheets show it as it is. */
export function neutralize(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: numbers and figures as they are, text neutralized and quoted when RFC 4180 needs it. */
export function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "object") return cell.figure;
  const text = neutralize(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly Cell[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += (i ? "," : "") + csvField(cells[i]);
  return `${line}\r\n`;
}
