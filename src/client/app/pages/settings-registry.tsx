// What each settings section (src/shared/settings-sections.ts) shows. Every section gets the
// settings view of its page (one request per page, design.md §15) and `reload` after a change.
import type { Child } from "hono/jsx";
import type { SettingsSlug } from "../../../shared/settings-sections";
import type { SettingsView } from "../../shared/api-types";
import { t } from "../shell/i18n";
import { ApiKeys } from "./settings-api-keys";
import { NotificationsSection, ProfileSection, RulesSection } from "./settings-business";
import { ClosuresPanel } from "./settings-closures";
import { GiftCardsSection } from "./settings-gift-cards";
import { CustomDomainPanel } from "./settings-domain";
import { type SectionProps, SettingsPanel } from "./settings-form";
import { AppearanceSection, WidgetSection } from "./settings-look";
import { ReliabilitySection } from "./settings-reliability";
import { TextMessagesPanel } from "./settings-sms";
import { PaymentRules, StripePanel } from "./settings-stripe";
import { FailedJobs } from "./settings-failed-jobs";
import { Members } from "./settings-team";
import { Webhooks } from "./settings-webhooks";

export type SectionEntry = {
  Body: (p: SectionProps) => Child;
  /** Whether the menu lists it for this viewer (default: always); opened anyway, `Body` says why it is empty. */
  listed?: (view: SettingsView) => boolean;
};

/** One entry per section of SETTINGS_SECTIONS: the typecheck refuses a section without one. */
export const SECTION_ENTRIES: Record<SettingsSlug, SectionEntry> = {
  profile: { Body: ProfileSection },
  rules: { Body: RulesSection },
  closures: { Body: ClosuresPanel },
  texts: {
    // The settings view has no `sms` while the platform has no text provider (design.md §27).
    listed: (view) => view.sms !== null,
    Body: (p) =>
      p.view.sms ? (
        <TextMessagesPanel view={p.view} reload={p.reload} />
      ) : (
        <Unavailable id="texts" title={t("set.sec.texts")} why={t("set.textsUnavailable")} />
      ),
  },
  notifications: { Body: NotificationsSection },
  appearance: { Body: AppearanceSection },
  widget: { Body: WidgetSection },
  domain: { Body: (p) => <CustomDomainPanel view={p.view} onSaved={p.reload} /> },
  payments: {
    Body: (p) => (
      <>
        <StripePanel view={p.view} onSaved={p.reload} />
        <PaymentRules view={p.view} onSaved={p.reload} />
      </>
    ),
  },
  "gift-cards": { Body: GiftCardsSection },
  reliability: { Body: ReliabilitySection },
  webhooks: { Body: (p) => <Webhooks view={p.view} onChanged={p.reload} /> },
  members: { Body: (p) => <Members view={p.view} onChanged={p.reload} /> },
  "api-keys": { Body: ApiKeys },
  "failed-jobs": {
    // Staff members' settings view has no failed jobs (null): owners and admins act on them.
    listed: (view) => view.failedJobs !== null,
    Body: (p) =>
      p.view.failedJobs ? (
        <FailedJobs jobs={p.view.failedJobs} tz={p.view.business.timezone} viewer={p.view.viewer} />
      ) : (
        <Unavailable id="failed" title={t("set.sec.failed-jobs")} why={t("set.failedUnavailable")} />
      ),
  },
};

/** A section this viewer's menu leaves out, opened by its URL anyway: why there is nothing. */
function Unavailable(p: { id: string; title: string; why: string }) {
  return (
    <SettingsPanel id={p.id} title={p.title}>
      <p class="gate-note">{p.why}</p>
    </SettingsPanel>
  );
}
