// Settings → Appearance (the booking page's and the widget's colours and images, with a live
// preview) and Settings → Website widget (the embed code for the owner's own website).
import { useState } from "hono/jsx/dom";
import { readableTextOn, safeHexColor } from "../../../shared/color";
import { settingsSectionPath } from "../../../shared/settings-sections";
import { Button } from "../ui/kit";
import { BusinessForm, type SectionProps, type Values } from "./settings-form";

export function AppearanceSection(p: SectionProps) {
  const b = p.view.settings;
  return (
    <BusinessForm
      id="look"
      title="Appearance"
      business={b}
      viewer={p.view.viewer}
      onSaved={p.reload}
      intro={<p class="muted">How your booking page and the booking button on your own website look.</p>}
      fields={[
        { key: "templateAccent", label: "Booking page colour", kind: "color" },
        { key: "widgetColor", label: "Widget button colour", kind: "color" },
        {
          key: "widgetMode",
          label: "The widget opens",
          kind: "select",
          options: [
            { value: "popup", label: "a pop-up window" },
            { value: "inline", label: "inside your page" },
          ],
        },
        { key: "logoUrl", label: "Logo image address (https://…)", kind: "url", span: true },
        { key: "coverImageUrl", label: "Cover image address (https://…)", kind: "url", span: true },
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
      <p class="preview-label">Preview</p>
      <div class="preview-page">
        <div class="preview-band" style={{ background: accent, color: readableTextOn(accent) }}>
          <strong>{p.name}</strong>
          <span>Book an appointment</span>
        </div>
        <div class="preview-body">
          <span class="preview-choice" style={{ "border-color": accent }}>
            Haircut · 45 min
          </span>
          <span class="preview-cta" style={{ background: accent, color: readableTextOn(accent) }}>
            Continue
          </span>
        </div>
      </div>
      <p class="preview-label">On your website ({p.values.widgetMode === "inline" ? "opens inside the page" : "opens a pop-up"})</p>
      <span class="preview-widget" style={{ background: widget, color: readableTextOn(widget) }}>
        Book an appointment
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
      setDone("Copied. Paste it into your website where the button should appear.");
    } catch {
      (document.getElementById("embed-code") as HTMLTextAreaElement | null)?.select();
      setDone("Press Ctrl+C (or Cmd+C) to copy the selected code.");
    }
  }
  return (
    <section class="panel" aria-labelledby="embed-title">
      <h2 id="embed-title">Booking button for your website</h2>
      <p class="muted">
        Your booking page: <a href={`/book?slug=${encodeURIComponent(slug)}`}>{`${location.origin}/book?slug=${slug}`}</a>. To add a booking
        button to your own website, paste this code into its HTML. Its colour and how it opens are set under{" "}
        <a href={settingsSectionPath("appearance")}>Appearance</a>.
      </p>
      <label for="embed-code">Embed code</label>
      <textarea id="embed-code" class="copy-box" rows={2} readonly value={code} />
      <div class="actions-row">
        <Button onClick={() => void copy()}>Copy code</Button>
      </div>
      <p class="done" role="status">
        {done}
      </p>
    </section>
  );
}
