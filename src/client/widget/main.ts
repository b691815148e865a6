// /widget.js: runs on the business's own site (any origin) as a classic script. It finds its own
// <script> tag, takes the base URL from that tag's src (so it works from any host serving it, a
// custom domain included) and asks /widget/status whether the business can take bookings. Every
// value goes through textContent or CSSOM properties; nothing is written as HTML.
import { DEFAULT_ACCENT, isHexColor, readableTextOn } from "../../shared/color";
import { WIDGET_STATE_WORDS, widgetStateLocale } from "../../shared/i18n/widget-states";
import type { WidgetStatus } from "../shared/api-types";

const GREY = "#4b5563";

function start(script: HTMLScriptElement): void {
  const slug = (script.getAttribute("data-slug") ?? "").trim();
  // The business's own label wins; else the words /widget/status sends in the widget's language
  // (`data-lang` when the business offers it, else the business's locale: design.md §30).
  const label = script.getAttribute("data-label");
  const lang = (script.getAttribute("data-lang") ?? "").trim();
  const base = new URL("./", script.src);
  // Before the status answers (and when it cannot), the widget's own states speak the embed's
  // data-lang, else the visitor's browser language (design.md §30).
  const own = WIDGET_STATE_WORDS[widgetStateLocale(lang, navigator.languages ?? [navigator.language])];

  const root = document.createElement("div");
  root.className = "booking-widget";
  root.setAttribute("data-booking-widget", slug);
  const button = document.createElement("button");
  button.type = "button";
  button.disabled = true;
  button.textContent = own.loading;
  Object.assign(button.style, {
    font: "600 16px/1.2 system-ui, sans-serif",
    padding: "12px 20px",
    minHeight: "44px",
    border: "0",
    borderRadius: "8px",
    cursor: "pointer",
    background: GREY,
    color: "#ffffff",
  });
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  status.style.margin = "8px 0 0";
  status.style.font = "14px/1.4 system-ui, sans-serif";
  root.append(button, status);
  script.after(root);

  function unavailable(message: string, buttonText = own.unavailableButton) {
    button.disabled = true;
    button.style.cursor = "not-allowed";
    button.style.background = GREY;
    button.textContent = buttonText;
    root.setAttribute("data-state", "unavailable");
    status.textContent = message;
  }

  function available(d: WidgetStatus) {
    const color = isHexColor(d.widgetColor) ? d.widgetColor : DEFAULT_ACCENT;
    // With `data-lang`, the booking page opens in the widget's language, not the visitor's browser's.
    const langParam = lang ? `&lang=${encodeURIComponent(d.locale)}` : "";
    const url = new URL(`book?slug=${encodeURIComponent(slug)}&via=widget${langParam}`, base).toString();
    button.disabled = false;
    button.style.background = color;
    button.style.color = readableTextOn(color);
    button.textContent = label || d.words.button;
    root.setAttribute("data-state", "available");
    if (d.giftCards)
      root.insertBefore(saleLink(color, "gift", script.getAttribute("data-gift-label") || d.words.giftCards, d.locale), status);
    if (d.packages) root.insertBefore(saleLink(color, "packages", d.words.packages, d.locale), status);
    if (d.widgetMode === "inline") {
      let frame: HTMLIFrameElement | null = null;
      button.setAttribute("aria-expanded", "false");
      button.addEventListener("click", () => {
        if (!frame) {
          frame = document.createElement("iframe");
          frame.src = url;
          frame.title = d.words.frameTitle;
          // The booking page's payment step (design.md §21) may offer wallets (Apple Pay, Google Pay).
          frame.setAttribute("allow", "payment");
          Object.assign(frame.style, {
            display: "block",
            width: "100%",
            maxWidth: "720px",
            height: "760px",
            border: "1px solid #d1d5db",
            borderRadius: "8px",
            marginTop: "12px",
          });
          root.insertBefore(frame, status);
          button.setAttribute("aria-expanded", "true");
          return;
        }
        frame.hidden = !frame.hidden;
        button.setAttribute("aria-expanded", frame.hidden ? "false" : "true");
      });
    } else {
      button.addEventListener("click", () => {
        const popup = window.open(url, `booking-${slug}`, "popup,width=520,height=780");
        // A blocked popup still gets the customer to the booking page.
        if (!popup) window.location.href = url;
      });
    }
  }

  /** design.md §32: a business that sells gift cards or packages gets a link to that page beside the button. */
  function saleLink(color: string, page: "gift" | "packages", label: string, locale: string): HTMLElement {
    const line = document.createElement("p");
    line.style.margin = "8px 0 0";
    line.style.font = "14px/1.4 system-ui, sans-serif";
    const link = document.createElement("a");
    link.href = new URL(`${page}?slug=${encodeURIComponent(slug)}&lang=${encodeURIComponent(locale)}`, base).toString();
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = label;
    link.style.color = color;
    line.append(link);
    return line;
  }

  if (!slug) {
    unavailable(own.notSetUp);
    return;
  }
  const statusUrl = `widget/status?slug=${encodeURIComponent(slug)}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`;
  fetch(new URL(statusUrl, base).toString(), { credentials: "omit" })
    .then((r) => r.json() as Promise<{ data?: WidgetStatus }>)
    .then((body) => {
      const d = body?.data;
      if (!d || d.status === "unknown") return unavailable(own.notAvailable);
      if (d.status !== "available") {
        return unavailable(d.words.unavailable, d.words.unavailableButton);
      }
      available(d);
    })
    .catch(() => unavailable(own.failed));
}

// Only a classic script has a currentScript, and only while it first runs.
const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.src) start(current);
