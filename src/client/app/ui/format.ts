import { currencyDigits, formatMoney } from "../../../shared/format";
import { intlLocale, t } from "../shell/i18n";

export { currencyDigits };

/** Money in the business's currency, written the member's way ("$45.00", "45,00 €"; design.md §30). */
export const money = (minor: number, currency: string) => formatMoney(minor, currency, intlLocale());

/** A whole or fractional percent the member's way ("25 %" in German, "25%" in English). */
export const percent = (value: number, digits = 0) =>
  new Intl.NumberFormat(intlLocale(), { style: "percent", maximumFractionDigits: digits }).format(value / 100);

/** A count the member's way ("1,234", "1.234"). */
export const count = (n: number) => new Intl.NumberFormat(intlLocale()).format(n);

/** "45.00" for 4500 USD: what a price field shows. */
export function toMajor(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** A typed price ("45", "45.5", "45,50") in minor units, or null when it is not an amount. */
export function toMinor(text: string, currency: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d{1,9}(\.\d+)?$/.test(t)) return null;
  const digits = currencyDigits(currency);
  const [whole, frac = ""] = t.split(".");
  if (frac.length > digits) return null;
  return Number(whole) * 10 ** digits + Number((frac + "0".repeat(digits)).slice(0, digits) || "0");
}

type Named = { firstName?: string | null; lastName?: string | null; email?: string | null; phone?: string | null } | null | undefined;

/** A customer as people call them; a walk-in with no name on record reads as such. */
export function personName(c: Named): string {
  const name = [c?.firstName, c?.lastName].filter((x) => x).join(" ");
  return name || c?.email || c?.phone || t("ui.walkInCustomer");
}

/** Minutes as "45 min" / "1 h 30 min" ("1 Std. 30 Min."), in the app's language. */
export function duration(minutes: number): string {
  if (minutes < 60) return t("kit.minutes", { m: minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? t("kit.hoursMinutes", { h, m }) : t("kit.hours", { h });
}
