// Settings → Appearance (the booking page's and the widget's colours and images, with a live
// preview) and Settings → Website widget (the embed code for the owner's own website).
import { useState } from "hono/jsx/dom";
import { readableTextOn, safeHexColor } from "../../../shared/color";
import { settingsSectionPath } from "../../../shared/settings-sections";
import { t } from "../shell/i18n";
import { Button } from "../ui/kit";
import { BusinessForm, type SectionProps, SettingsPanel, sentenceWith, type Values } from "./settings-form";

export function AppearanceSection(p: SectionProps) {
  const b = p.view.settings;
  return (
    <BusinessForm
      id="look"
      title={t("set.sec.appearance")}
      save={t("set.lk.save")}
      business={b}
      viewer={p.view.viewer}
      onSaved={p.reload}
      intro={<p class="muted">{t("set.lk.intro")}</p>}
      fields={[
        { key: "templateAccent", label: t("set.lk.accent"), kind: "color" },
        { key: "widgetColor", label: t("set.lk.widgetColor"), kind: "color" },
        {
          key: "widgetMode",
          label: t("set.lk.mode"),
          kind: "select",
          options: [
            { value: "popup", label: t("set.lk.popup") },
            { value: "inline", label: t("set.lk.inline") },
          ],
        },
        { key: "logoUrl", label: t("set.lk.logo"), kind: "url", span: true },
        { key: "coverImageUrl", label: t("set.lk.cover"), kind: "url", span: true },
      ]}
      preview={(v) => <Preview values={v} name={b.businessName} />}
    />
  );
}

/** The booking page's header band and the widget's button, in the colours being edited. */
function Preview(p: { values: Values; name: string }) {
  const accent = safeHexColor(p.values.templateAccent);
  const widget = safeHexColor(p.values.widgetColor, accent);
  return (
    <div class="preview">
      <p class="preview-label">{t("set.lk.preview")}</p>
      <div class="preview-page">
        <div class="preview-band" style={{ background: accent, color: readableTextOn(accent) }}>
          <strong>{p.name}</strong>
          <span>{t("set.lk.book")}</span>
        </div>
        <div class="preview-body">
          <span class="preview-choice" style={{ "border-color": accent }}>
            {t("set.lk.sampleService")}
          </span>
          <span class="preview-cta" style={{ background: accent, color: readableTextOn(accent) }}>
            {t("set.lk.continue")}
          </span>
        </div>
      </div>
      <p class="preview-label">{t("set.lk.onSite", { inline: p.values.widgetMode === "inline" ? "yes" : "no" })}</p>
      <span class="preview-widget" style={{ background: widget, color: readableTextOn(widget) }}>
        {t("set.lk.book")}
      </span>
    </div>
  );
}

export function WidgetSection(p: SectionProps) {
  const slug = p.view.settings.slug;
  const code = `<script src="${location.origin}/widget.js" data-slug="${slug}"></script>`;
  const [done, setDone] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setDone(t("set.wg.copied"));
    } catch {
      (document.getElementById("embed-code") as HTMLTextAreaElement | null)?.select();
      setDone(t("set.wg.pressCopy"));
    }
  }
  return (
    <SettingsPanel id="embed" title={t("set.wg.title")}>
      <p class="muted">
        {sentenceWith("set.wg.page", {
          link: <a href={`/book?slug=${encodeURIComponent(slug)}`}>{`${location.origin}/book?slug=${slug}`}</a>,
        })}{" "}
        {sentenceWith("set.wg.howTo", { link: <a href={settingsSectionPath("appearance")}>{t("set.sec.appearance")}</a> })}
      </p>
      <label for="embed-code">{t("set.wg.code")}</label>
      <textarea id="embed-code" class="copy-box" rows={2} readonly value={code} />
      <div class="actions-row">
        <Button onClick={() => void copy()}>{t("set.wg.copy")}</Button>
      </div>
      <p class="done" role="status">
        {done}
      </p>
    </SettingsPanel>
  );
}
