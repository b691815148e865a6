import type { BookingKey } from "../../shared/i18n/booking";
import type { Locale } from "../../shared/i18n/locales";
import type { Translate } from "../../shared/i18n/messages";
import type { FC } from "hono/jsx";

/**
 * The month calendar's skeleton (design.md §16): month title with previous/next buttons, a table
 * whose header names the weekdays, an empty body the booking script fills with one button per
 * day (src/client/booking/calendar.ts), a status line and the "First available" button. Without
 * the script nothing here is interactive; the page needs it anyway.
 */

const WEEKDAYS = [
  ["Sunday", "Su"],
  ["Monday", "Mo"],
  ["Tuesday", "Tu"],
  ["Wednesday", "We"],
  ["Thursday", "Th"],
  ["Friday", "Fr"],
  ["Saturday", "Sa"],
] as const;

/** Countries whose calendars start the week on Sunday; elsewhere weeks start on Monday (ISO 8601). */
const SUNDAY_FIRST = new Set(["US", "CA", "MX", "BR", "JP", "KR", "TW", "HK", "PH", "IL", "SA", "IN", "ZA", "AU"]);

export const weekStartFor = (countryCode: string): 0 | 1 => (SUNDAY_FIRST.has(countryCode.toUpperCase()) || countryCode === "" ? 0 : 1);

/** The weekday names in a language (design.md §30: through Intl), English as before. */
function weekdays(locale: Locale): readonly (readonly [string, string])[] {
  if (locale === "en") return WEEKDAYS;
  const long = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  return WEEKDAYS.map((_, i) => {
    const day = new Date(Date.UTC(2023, 0, 1 + i));
    return [long.format(day), short.format(day)] as const;
  });
}

export const MonthCalendar: FC<{ prefix: string; label: string; weekStart: 0 | 1; t: Translate<BookingKey>; locale: Locale }> = ({
  prefix,
  label,
  weekStart,
  t,
  locale,
}) => {
  const names = weekdays(locale);
  const days = [...names.slice(weekStart), ...names.slice(0, weekStart)];
  return (
    <div class="calendar" id={prefix} role="group" aria-label={label}>
      <div class="calendar-head">
        <button type="button" class="calendar-nav" id={`${prefix}-prev`} aria-label={t("calendar.previous")}>
          <span aria-hidden="true">{"\u2039"}</span>
        </button>
        <p class="calendar-title" id={`${prefix}-title`} aria-live="polite"></p>
        <button type="button" class="calendar-nav" id={`${prefix}-next`} aria-label={t("calendar.next")}>
          <span aria-hidden="true">{"\u203a"}</span>
        </button>
      </div>
      <table class="calendar-grid" aria-labelledby={`${prefix}-title`}>
        <thead>
          <tr>
            {days.map(([name, short]) => (
              <th scope="col" abbr={name}>
                <span aria-hidden="true">{short}</span>
                <span class="visually-hidden">{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody id={`${prefix}-days`}></tbody>
      </table>
      <div class="calendar-foot">
        <p class="calendar-legend muted small">
          <span class="calendar-dot" aria-hidden="true"></span> {t("calendar.legend")}
        </p>
        <button type="button" id={`${prefix}-first`} class="calendar-first">
          {t("calendar.first")}
        </button>
      </div>
      <p id={`${prefix}-status`} class="muted small" role="status" aria-live="polite"></p>
    </div>
  );
};
