// /app/settings and its sections (/app/settings/<section>, src/shared/settings-sections.ts): a
// phone opens on the section menu and each section on its own page with a way back; from 720 px
// the index opens the first section beside the side menu. Every page is one settings-view request
// (design.md §15: one audited request per page an operator opens); each section's forms save alone.
import {
  SETTINGS_PATH,
  SETTINGS_SECTIONS,
  type SettingsSection,
  settingsSectionAt,
  settingsSectionPath,
} from "../../../shared/settings-sections";
import type { SettingsView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { ViewPending } from "../ui/kit";
import { useView } from "../ui/use-view";
import { SettingsMenu } from "./settings-menu";
import { SECTION_ENTRIES } from "./settings-registry";

/** Where the side menu shows beside the section (owner-settings.css has the same width). */
const SIDE_MENU = "(min-width: 720px)";

/**
 * The section this page shows, null for the menu alone. Stripe's onboarding returns to
 * `/app/settings?stripe=…` (src/services/payments/account.ts): that is the payments section's.
 */
function sectionToShow(): SettingsSection | null {
  const at = settingsSectionAt(location.pathname);
  if (at) return at;
  if (new URLSearchParams(location.search).has("stripe")) return SETTINGS_SECTIONS.find((s) => s.slug === "payments") ?? null;
  return matchMedia(SIDE_MENU).matches ? SETTINGS_SECTIONS[0] : null;
}

function Settings(p: { section: SettingsSection | null }) {
  const view = useView<SettingsView>("/api/businesses/me/views/settings");
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  const listed = SETTINGS_SECTIONS.filter((s) => SECTION_ENTRIES[s.slug].listed?.(d) ?? true);
  const Body = p.section ? SECTION_ENTRIES[p.section.slug].Body : null;
  return (
    <div class={p.section ? "settings settings-open" : "settings settings-index"}>
      <SettingsMenu sections={listed} current={p.section?.slug ?? null} />
      {Body ? (
        <div class="settings-body">
          <a class="settings-back" href={SETTINGS_PATH}>
            <span>{t("set.allSettings")}</span>
          </a>
          <Body view={d} reload={view.reload} />
        </div>
      ) : null}
    </div>
  );
}

const section = sectionToShow();
if (section && location.pathname !== settingsSectionPath(section.slug)) {
  history.replaceState(null, "", settingsSectionPath(section.slug) + location.search + location.hash);
}
if (!section) {
  // The menu alone, widened past the phone layout: open the first section beside it.
  matchMedia(SIDE_MENU).addEventListener("change", (e) => {
    if (e.matches) location.replace(settingsSectionPath(SETTINGS_SECTIONS[0].slug));
  });
}
startPage(section ? settingsSectionPath(section.slug) : SETTINGS_PATH, () => {
  // The server's title of a section page is English (it does not know the member); the words are loaded now.
  if (section) document.title = `${t("set.docTitle", { section: t(`set.sec.${section.slug}`) })} · ${t("frame.brand")}`;
  return <Settings section={section} />;
});
