import { formatMoney } from "../../shared/format";
import type { PriceQuoteData } from "../shared/api-types";
import { heldSession } from "../shared/customer-session";
import { byId, el, maybeById, setText, show } from "../shared/dom";
import { dataOf, errorCode, errorDetails, requestJson } from "../shared/http";
import { markField } from "./form-errors";
import { pageLocale, t } from "./i18n";
import { publicPath } from "./page";
import { codeFieldProblem } from "./prepaid-codes";
import { isVisitSlot, type TimeSlot } from "./slots";

/**
 * The price of the chosen time before "Confirm booking" (issue #43): POST /api/public/:slug/quote
 * with the typed promo code and gift card (the create's own pricing, nothing written), shown as
 * lines in the details step; a refused code is said beside its field in the page's language (the
 * create's words, ./prepaid-codes.ts) and the price is shown without it. Asked when a time is chosen,
 * on "Apply" or when a code's field is left, and again before the create when the codes changed
 * since. Each unknown code costs the customer from the code-miss budget (design.md §18), so the same
 * codes are never asked twice.
 */

const CODE_FIELDS = ["promoCode", "giftCardCode"] as const;
type CodeField = (typeof CODE_FIELDS)[number];

type QuoteBody = Record<string, unknown> & { promoCode?: string; giftCardCode?: string; customer?: { email: string } };
/** `sent`: a create went out with these codes; a create refused meanwhile (a last use taken) makes them worth asking again. */
type Outcome = { key: string; quote: PriceQuoteData | null; refused: Map<CodeField, string[]>; sent?: boolean };

export type PriceQuote = {
  /** Asks for the chosen time's price with the codes as typed (nothing when they were asked for already). */
  refresh: () => Promise<void>;
  /** Before the create: false when a typed code is refused (said beside its field, which gets the focus). */
  ready: () => Promise<boolean>;
  /** The confirmation's price line of a booking confirmed at once (the price it was booked at). */
  showBooked: (confirmed: boolean) => void;
};

export function startPriceQuote(form: HTMLFormElement, slotOf: () => TimeSlot | null): PriceQuote {
  const box = byId("price-quote");
  const lines = byId("price-lines");
  const note = byId("price-note");
  let last: Outcome | null = null;
  let pending: { key: string; done: Promise<void> } | null = null;

  const input = (id: string) => form.querySelector<HTMLInputElement>(`#${id}`);
  const typed = (id: string) => input(id)?.value.trim() ?? "";

  /** The quote's body for the form as it is now; null before a time is chosen. */
  function bodyNow(): QuoteBody | null {
    const slot = slotOf();
    const service = form.querySelector<HTMLInputElement>("input[name=serviceId]:checked");
    if (!slot || !service) return null;
    const body: QuoteBody = isVisitSlot(slot)
      ? { items: slot.items.map((i) => ({ serviceId: i.serviceId, staffProfileId: i.staffProfileId })) }
      : { serviceId: service.value, staffProfileId: slot.staffProfileId };
    body.startDatetime = slot.startTime;
    for (const field of CODE_FIELDS) {
      const code = typed(field);
      if (code) body[field] = code;
    }
    // A first-visit promo code is judged by the e-mail, as the create will.
    const email = input("email");
    if (body.promoCode && email?.value.trim() && email.validity.valid) body.customer = { email: email.value.trim() };
    return body;
  }

  /** Asks; a refused code is dropped and the price asked again without it (a refusal changes nothing). */
  async function ask(key: string, first: QuoteBody): Promise<Outcome> {
    const refused = new Map<CodeField, string[]>();
    const body = { ...first };
    for (let attempt = 0; attempt <= CODE_FIELDS.length; attempt++) {
      // A signed-in account (./account.ts) is judged for a first-visit code as the create judges it.
      const answer = await requestJson<PriceQuoteData>("POST", publicPath("/quote"), { body, token: heldSession()?.token });
      const quote = dataOf(answer);
      if (quote) return { key, quote, refused };
      const problems = errorCode(answer) === "invalid_request" ? errorDetails(answer) : null;
      const codes = CODE_FIELDS.filter((f) => problems?.fieldErrors[f] && body[f] !== undefined);
      if (!problems || codes.length === 0) break;
      for (const f of codes) {
        refused.set(f, problems.fieldErrors[f] ?? []);
        delete body[f];
      }
      if (!body.promoCode) delete body.customer;
    }
    return { key, quote: null, refused };
  }

  async function refresh(): Promise<void> {
    const body = bodyNow();
    if (!body) return;
    const key = JSON.stringify(body);
    if (last?.key === key && !last.sent) return render(last);
    if (pending?.key === key) return pending.done;
    box.setAttribute("aria-busy", "true");
    const done = ask(key, body).then((outcome) => {
      // Only the latest question is shown (a slower earlier answer is dropped).
      if (pending?.key !== key) return;
      pending = null;
      last = outcome;
      box.removeAttribute("aria-busy");
      render(outcome);
    });
    pending = { key, done };
    return done;
  }

  function render(outcome: Outcome) {
    for (const field of CODE_FIELDS) {
      maybeById(field)?.removeAttribute("aria-invalid");
      show(maybeById(`${field}-error`), false);
      const messages = outcome.refused.get(field);
      if (messages && maybeById(field)) markField(field, codeFieldProblem(field, messages));
    }
    const q = outcome.quote;
    // The quote does not take a package code (only the create spends one): its amounts would be what a card pays.
    const byPackageCode = typed("packageCode") !== "";
    lines.replaceChildren(...(q && !byPackageCode ? priceLines(q) : []));
    const firstVisit = q?.promoNote === "first_visit_only";
    const says = byPackageCode ? t("price.packageCode") : q ? (firstVisit ? t("price.firstVisit") : "") : t("price.failed");
    setText(note, says);
    show(note, says !== "");
    show(box, true);
  }

  async function ready(): Promise<boolean> {
    const body = bodyNow();
    if (!body || CODE_FIELDS.every((f) => body[f] === undefined)) return true;
    await refresh();
    const refused = CODE_FIELDS.find((f) => last?.refused.has(f));
    if (!refused) {
      if (last) last.sent = true;
      return true;
    }
    maybeById(refused)?.focus();
    return false;
  }

  function showBooked(confirmed: boolean) {
    const line = maybeById("confirmation-price");
    if (!line) return;
    const body = bodyNow();
    // A package code paid what it covers: the confirmation's package line says so instead of a price.
    const q = body && last?.key === JSON.stringify(body) && !typed("packageCode") ? last.quote : null;
    if (q && confirmed) {
      const money = (minor: number) => formatMoney(minor, q.currency, pageLocale());
      const values = { total: money(q.total), discount: money(q.promoDiscount) };
      setText(line, q.promoDiscount > 0 ? t("price.bookedPromo", values) : t("price.booked", values));
    }
    show(line, Boolean(q && confirmed));
  }

  for (const field of CODE_FIELDS) {
    const code = input(field);
    if (!code) continue;
    maybeById(`${field}-apply`)?.addEventListener("click", () => void refresh());
    code.addEventListener("change", () => void refresh());
    // Enter in a code's field applies the code; it must not book.
    code.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      void refresh();
    });
  }
  input("packageCode")?.addEventListener("input", () => {
    if (last) render(last);
  });
  input("email")?.addEventListener("change", () => {
    if (typed("promoCode")) void refresh();
  });

  return { refresh, ready, showBooked };
}

/** The lines of a quote: the price, the promotion, then what is paid when booking (and how) or at the salon. */
function priceLines(q: PriceQuoteData): HTMLElement[] {
  const money = (minor: number) => formatMoney(minor, q.currency, pageLocale());
  const rows: [string, string, string?][] = [[t("price.listed"), money(q.subtotal)]];
  if (q.promoDiscount > 0) {
    rows.push([t("price.promo"), `−${money(q.promoDiscount)}`, "discount"]);
    rows.push([t("price.total"), money(q.total), "total"]);
  }
  if (q.dueAtBooking > 0) {
    rows.push([t(q.dueKind === "deposit" ? "price.deposit" : "price.full"), money(q.dueAtBooking), "due"]);
    if (q.giftCardAmount > 0) {
      rows.push([t("price.giftCard"), money(q.giftCardAmount)]);
      rows.push([t("price.card"), money(q.cardAmount)]);
    }
    if (q.total > q.dueAtBooking) rows.push([t("price.rest"), money(q.total - q.dueAtBooking)]);
  } else {
    rows.push([t("price.atSalon"), money(q.total), "due"]);
  }
  return rows.map(([label, value, kind]) =>
    el("div", { class: kind ? `price-line ${kind}` : "price-line" }, [el("dt", { text: label }), el("dd", { text: value })]),
  );
}
