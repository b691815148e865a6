// Settings sections that edit the business record itself (PATCH /api/businesses/me), each its own
// form with its own Save: profile, booking rules, notifications.
import { t } from "../shell/i18n";
import { BusinessForm, type SectionProps } from "./settings-form";

function timeZones(current: string): Array<{ value: string; label: string }> {
  const all = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  const list = all.includes(current) ? all : [current, ...all];
  return list.map((z) => ({ value: z, label: z.replace(/_/g, " ") }));
}

const formOf = (p: SectionProps) => ({ business: p.view.settings, viewer: p.view.viewer, onSaved: p.reload });

export function ProfileSection(p: SectionProps) {
  return (
    <BusinessForm
      id="profile"
      title={t("set.sec.profile")}
      save={t("set.pf.save")}
      {...formOf(p)}
      fields={[
        { key: "businessName", label: t("set.pf.businessName"), max: 200 },
        { key: "businessType", label: t("set.pf.businessType"), max: 100 },
        { key: "description", label: t("set.pf.description"), kind: "textarea", max: 5000 },
        { key: "email", label: t("set.pf.email"), kind: "email" },
        { key: "phone", label: t("set.pf.phone"), kind: "tel", max: 40 },
        { key: "addressLine1", label: t("set.pf.address"), max: 200 },
        { key: "city", label: t("set.pf.city"), max: 100 },
        { key: "provinceState", label: t("set.pf.province"), max: 100 },
        { key: "country", label: t("set.pf.country"), max: 100 },
        { key: "countryCode", label: t("set.pf.countryCode"), max: 2 },
        {
          key: "timezone",
          label: t("set.pf.timezone"),
          kind: "select",
          options: timeZones(p.view.settings.timezone),
          hint: t("set.pf.timezoneHint"),
        },
        { key: "currency", label: t("set.pf.currency"), max: 3, hint: t("set.pf.currencyHint") },
      ]}
    />
  );
}

export function RulesSection(p: SectionProps) {
  return (
    <BusinessForm
      id="rules"
      title={t("set.sec.rules")}
      save={t("set.ru.save")}
      {...formOf(p)}
      fields={[
        {
          key: "minNoticeMinutes",
          label: t("set.ru.notice"),
          kind: "number",
          hint: t("set.ru.noticeHint"),
        },
        {
          key: "maxAdvanceDays",
          label: t("set.ru.horizon"),
          kind: "number",
          hint: t("set.ru.horizonHint"),
        },
        { key: "cancellationHours", label: t("set.ru.cancelHours"), kind: "number" },
        { key: "cancellationPolicy", label: t("set.ru.policy"), kind: "textarea", max: 5000 },
        { key: "allowGuestBooking", label: t("set.ru.guests"), kind: "check" },
        { key: "aiAssistantEnabled", label: t("set.ru.assistant"), kind: "check" },
      ]}
    />
  );
}

export function NotificationsSection(p: SectionProps) {
  const email = p.view.settings.email;
  return (
    <BusinessForm
      id="notifications"
      title={t("set.sec.notifications")}
      save={t("set.no.save")}
      {...formOf(p)}
      intro={<p class="muted">{t("set.no.intro")}</p>}
      fields={[
        {
          key: "notificationEmail",
          label: t("set.no.to"),
          kind: "email",
          hint: email ? t("set.no.toHintWith", { email }) : t("set.no.toHint"),
        },
        {
          key: "reminderHours",
          label: t("set.no.reminders"),
          kind: "list",
          hint: t("set.no.remindersHint"),
        },
      ]}
    />
  );
}
