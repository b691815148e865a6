// Settings → Text messages (design.md §27): which texts go to customers who agreed to them, and
// the month's texts against the business's limit (set by the platform, read-only here). The panel
// is absent while the platform has no text provider.
import type { SettingsView } from "../../shared/api-types";
import { intlLocale, t } from "../shell/i18n";
import { BusinessForm } from "./settings-form";

/** "March 2031" of a "2031-03" month, in the app's language. */
function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, 1));
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat(intlLocale(), { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

/** "24 and 2" in English, "24 und 2" in German: the reminder hours as the app's language lists them. */
function hoursList(hours: number[]): string {
  return new Intl.ListFormat(intlLocale(), { type: "conjunction" }).format(hours.map(String));
}

function Usage(p: { sms: NonNullable<SettingsView["sms"]>; hours: number[] }) {
  const { limit, usedThisMonth, month } = p.sms;
  return (
    <>
      <p class="muted">{t("set.sms.intro")}</p>
      <p id="texts-usage" role="status">
        {limit === 0 ? (
          <>
            <strong>{t("set.sms.noTexts")}</strong> {t("set.sms.askSupport")}
          </>
        ) : (
          <>
            <strong>{t("set.sms.count", { used: usedThisMonth, limit })}</strong> {t("set.sms.usedIn", { month: monthLabel(month) })}{" "}
            {t(usedThisMonth >= limit ? "set.sms.reached" : "set.sms.stopAtLimit")}
          </>
        )}
      </p>
      {p.hours.length === 0 ? <p class="muted small">{t("set.sms.needHours")}</p> : null}
    </>
  );
}

export function TextMessagesPanel(p: { view: SettingsView; reload: () => void }) {
  const sms = p.view.sms;
  if (!sms) return null;
  const b = p.view.settings;
  const hours = b.reminderHours;
  return (
    <BusinessForm
      id="texts"
      title={t("set.sec.texts")}
      save={t("set.sms.save")}
      business={b}
      viewer={p.view.viewer}
      onSaved={p.reload}
      intro={<Usage sms={sms} hours={hours} />}
      fields={[
        { key: "smsConfirmations", label: t("set.sms.confirmations"), kind: "check" },
        {
          key: "smsReminders",
          label: t("set.sms.reminders"),
          kind: "check",
          hint: hours.length ? t("set.sms.remindersAt", { hours: hoursList(hours) }) : t("set.sms.setHours"),
        },
      ]}
    />
  );
}
