/**
 * Display formatting used by the server-rendered pages and by the browser scripts alike (no I/O,
 * no DOM, no server imports), so a price or a time reads the same wherever it is printed.
 * Booking times arrive tenant-local as `YYYY-MM-DDTHH:MM:SS` (interface.md): they are cut, never
 * shifted between zones here.
 */

const EM_DASH = "\u2014";

/** An integer amount in minor units as a currency string ("€35.50", "¥500"). */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  try {
    const fmt = new Intl.NumberFormat(locale, { style: "currency", currency });
    const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
    return fmt.format(minor / 10 ** digits);
  } catch {
    // An unknown currency code: still show the amount.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** Decimal places of a currency (2 for USD, 0 for JPY); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Like formatMoney, for a value that may be missing: an em dash then. */
export function formatMoneyOrDash(minor: unknown, currency: string | null | undefined, locale = "en"): string {
  return typeof minor === "number" ? formatMoney(minor, currency || "USD", locale) : EM_DASH;
}

/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat | null>();
function dateFormat(locale: string | undefined): Intl.DateTimeFormat | null {
  const key = locale ?? "";
  if (!dateFormats.has(key)) {
    try {
      const options = { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" } as const;
      dateFormats.set(key, new Intl.DateTimeFormat(locale, options));
    } catch {
      dateFormats.set(key, null);
    }
  }
  return dateFormats.get(key) ?? null;
}

/** The calendar date of a local `YYYY-MM-DD[...]` string in words ("Tue, Nov 24, 2026"). */
export function humanDate(local: string, locale?: string): string {
  const ymd = String(local).slice(0, 10);
  const [y, m, d] = ymd.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const fmt = dateFormat(locale);
  return fmt && !Number.isNaN(date.getTime()) ? fmt.format(date) : ymd;
}

/** "HH:MM" of a local `YYYY-MM-DDTHH:MM:SS` string. */
export function clockTime(local: string): string {
  return String(local).slice(11, 16);
}

/** "Tue, Nov 24, 2026, 10:00–11:00 (Europe/Lisbon time)". */
export function timeRange(start: string, end: string, timezone: string, locale?: string): string {
  return `${humanDate(start, locale)}, ${clockTime(start)}\u2013${clockTime(end)} (${timezone} time)`;
}

/** An ISO instant as "YYYY-MM-DD HH:MM UTC" (the console shows operators UTC); an em dash when missing. */
export function utcDateTime(iso: string | null | undefined): string {
  if (!iso) return EM_DASH;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The date part of an ISO string; an em dash when missing. */
export function isoDay(iso: string | null | undefined): string {
  return iso ? String(iso).slice(0, 10) : EM_DASH;
}

/** "1 booking", "3 bookings". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
