import { t } from "../shell/i18n";
import { type SettingsSection, type SettingsSlug, settingsSectionPath } from "../../../shared/settings-sections";

/**
 * The settings sections as links, one page each: on a phone the settings index is this list (a
 * title and what is in it); from 720 px it is a side menu beside the open section (styles in
 * owner-settings.css). Plain links, so keyboard, middle-click and the back button work as on any page.
 */
export function SettingsMenu(p: { sections: readonly SettingsSection[]; current: SettingsSlug | null }) {
  return (
    <nav class="settings-menu" aria-label={t("set.sections")}>
      <ul>
        {p.sections.map((s) => (
          <li>
            <a href={settingsSectionPath(s.slug)} aria-current={s.slug === p.current ? "page" : undefined}>
              <span class="settings-menu-title">{t(`set.sec.${s.slug}`)}</span>
              <span class="settings-menu-summary">{t(`set.sum.${s.slug}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
