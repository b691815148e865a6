// /app/settings: business profile, booking rules, booking-page appearance with a live preview and
// the widget's embed code, custom domain, Stripe and payment rules, webhooks with their delivery
// log, members, API keys, failed deliveries.
import { useState } from "hono/jsx/dom";
import { readableTextOn, safeHexColor } from "../../../shared/color";
import type { SettingsView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { Button, Loading, LoadFailed } from "../ui/kit";
import { useView } from "../ui/use-view";
import { SETTINGS_SECTIONS } from "./extensions";
import { ApiKeys } from "./settings-api-keys";
import { CustomDomainPanel } from "./settings-domain";
import { BusinessForm, type Values } from "./settings-form";
import { PaymentRules, StripePanel } from "./settings-stripe";
import { FailedJobs, Members } from "./settings-team";
import { Webhooks } from "./settings-webhooks";

function timeZones(current: string): Array<{ value: string; label: string }> {
  const all = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  const list = all.includes(current) ? all : [current, ...all];
  return list.map((z) => ({ value: z, label: z.replace(/_/g, " ") }));
}

function Settings() {
  const view = useView<SettingsView>("/api/businesses/me/views/settings");
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const b = d.settings;
  const common = { business: b, viewer: d.viewer, onSaved: view.reload };
  return (
    <>
      <nav class="panel section-links" aria-label="Settings sections">
        {[
          ["profile", "Profile"],
          ["rules", "Booking rules"],
          ["closures", "Closures"],
          ...(d.sms ? [["texts", "Text messages"]] : []),
          ["notifications", "Notifications"],
          ["look", "Appearance"],
          ["domain", "Custom domain"],
          ["payments", "Payments"],
          ["webhooks", "Webhooks"],
          ["members", "Members"],
          ["api-keys", "API keys"],
          ...(d.failedJobs ? [["failed", "Failed deliveries"]] : []),
        ].map(([id, label]) => (
          <a href={`#${id}-title`}>{label}</a>
        ))}
      </nav>
      <BusinessForm
        id="profile"
        title="Profile"
        {...common}
        fields={[
          { key: "businessName", label: "Business name", max: 200 },
          { key: "businessType", label: "Type of business", max: 100 },
          { key: "description", label: "Description", kind: "textarea", max: 5000 },
          { key: "email", label: "Contact e-mail", kind: "email" },
          { key: "phone", label: "Phone", kind: "tel", max: 40 },
          { key: "addressLine1", label: "Address", max: 200 },
          { key: "city", label: "City", max: 100 },
          { key: "provinceState", label: "Province or state", max: 100 },
          { key: "country", label: "Country", max: 100 },
          { key: "countryCode", label: "Country code (2 letters)", max: 2 },
          {
            key: "timezone",
            label: "Time zone",
            kind: "select",
            options: timeZones(b.timezone),
            hint: "Opening hours and bookings are in this zone.",
          },
          { key: "currency", label: "Currency (3 letters)", max: 3, hint: "Prices are shown and charged in it." },
        ]}
      />
      <BusinessForm
        id="rules"
        title="Booking rules"
        {...common}
        fields={[
          {
            key: "minNoticeMinutes",
            label: "Minimum notice (minutes)",
            kind: "number",
            hint: "Online bookings start at least this long from now, e.g. 120 for two hours; 0 = up to the last minute. The front desk is not held to it.",
          },
          {
            key: "maxAdvanceDays",
            label: "Booking horizon (days ahead)",
            kind: "number",
            hint: "Customers can book at most this many days ahead (1 to 730).",
          },
          { key: "cancellationHours", label: "Free cancellation until (hours before)", kind: "number" },
          { key: "cancellationPolicy", label: "Cancellation policy shown to customers", kind: "textarea", max: 5000 },
          { key: "allowGuestBooking", label: "Customers may book without an account", kind: "check" },
          { key: "aiAssistantEnabled", label: "Show the booking assistant on the booking page", kind: "check" },
        ]}
      />
      {SETTINGS_SECTIONS.map((Section) => (
        <Section view={d} reload={view.reload} />
      ))}
      <BusinessForm
        id="notifications"
        title="Notifications"
        {...common}
        intro={<p class="muted">Who hears about new, moved and cancelled bookings, and when customers get reminder e-mails.</p>}
        fields={[
          {
            key: "notificationEmail",
            label: "Send booking notices to",
            kind: "email",
            hint: `Leave it empty to use the contact e-mail${b.email ? ` (${b.email})` : ""}.`,
          },
          {
            key: "reminderHours",
            label: "Reminder e-mails (hours before)",
            kind: "list",
            hint: "Up to 3, separated by commas, e.g. 24, 2. Leave it empty to send no reminders.",
          },
        ]}
      />
      <BusinessForm
        id="look"
        title="Appearance"
        {...common}
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
      <EmbedCode slug={b.slug} />
      <CustomDomainPanel view={d} onSaved={view.reload} />
      <StripePanel view={d} onSaved={view.reload} />
      <PaymentRules view={d} onSaved={view.reload} />
      <Webhooks view={d} onChanged={view.reload} />
      <Members view={d} onChanged={view.reload} />
      <ApiKeys view={d} reload={view.reload} />
      {d.failedJobs ? <FailedJobs jobs={d.failedJobs} tz={d.business.timezone} viewer={d.viewer} /> : null}
    </>
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

function EmbedCode(p: { slug: string }) {
  const code = `<script src="${location.origin}/widget.js" data-slug="${p.slug}"></script>`;
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
        Your booking page: <a href={`/book?slug=${encodeURIComponent(p.slug)}`}>{`${location.origin}/book?slug=${p.slug}`}</a>. To add a
        booking button to your own website, paste this code into its HTML:
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

startPage("/app/settings", () => <Settings />);
