import { clockTime, humanDate } from "../../shared/format";
import type { WaitlistEntry, WaitlistJoined } from "../shared/api-types";
import { byId, el, maybeById, queryAll, setText, show } from "../shared/dom";
import { dataOf, errorCode, errorDetails } from "../shared/http";
import { genericError, publicApi } from "./api";
import { pageLocale, t } from "./i18n";
import { type BotCheck, botCheck } from "./captcha";
import { enc, page, publicPath } from "./page";

/**
 * The booking page's waitlist (design.md §28): "Join the waitlist" for a date without a time for
 * the chosen service, the windows picker (1-5 windows: a date and a time span each), the join
 * itself, and the manage link's view (`?waitlist=`) with "Leave the waitlist".
 */

const MAX_WINDOWS = 5;
const CUSTOMER_FIELDS = new Map([
  ["customer.firstName", "wl-firstName"],
  ["customer.lastName", "wl-lastName"],
  ["customer.email", "wl-email"],
  ["customer.phone", "wl-phone"],
]);

export type WaitlistChoice = { serviceId: string; serviceName: string; staffId: string; staffName: string };

export type Waitlist = {
  /** The chosen date and whether it has times: the button shows only when it has none. */
  offerFor: (date: string | null, hasTimes: boolean) => void;
};

export function startWaitlist(choice: () => WaitlistChoice | null): Waitlist {
  const open = byId("waitlist-open", HTMLButtonElement);
  const panel = byId("waitlist");
  const done = byId("waitlist-done");
  // The form comes from its template the first time the panel opens (booking-waitlist.tsx), so
  // its fields are not in the page beside the booking form's until the customer asks for them.
  let parts: { form: HTMLFormElement; list: HTMLOListElement; add: HTMLButtonElement; formError: HTMLElement } | null = null;
  // design.md §31: a business with bot protection asks for the check on joins too, in the panel's own widget.
  let captcha: BotCheck | null = null;
  function formParts() {
    if (parts) return parts;
    const template = byId("waitlist-content", HTMLTemplateElement);
    panel.insertBefore(template.content.cloneNode(true), done);
    template.remove();
    parts = {
      form: byId("waitlist-form", HTMLFormElement),
      list: byId("waitlist-windows", HTMLOListElement),
      add: byId("waitlist-add", HTMLButtonElement),
      formError: byId("waitlist-error"),
    };
    const { form, list, add } = parts;
    const captchaBox = maybeById("waitlist-captcha");
    if (page.turnstileSiteKey && captchaBox)
      captcha = botCheck(page.turnstileSiteKey, page.turnstileJs, captchaBox, () => fail(t("waitlist.captchaLoad")));
    add.addEventListener("click", () => {
      const last = queryAll<HTMLInputElement>("li.window input[name=date]", list).pop();
      windowRow(last?.value || date || page.today, "09:00", "17:00");
      list.querySelector<HTMLInputElement>("li.window:last-child input")?.focus();
    });
    byId("waitlist-cancel").addEventListener("click", () => {
      show(panel, false);
      open.focus();
    });
    form.addEventListener("submit", (event) => void join(event));
    return parts;
  }
  let date: string | null = null;
  let serial = 0;

  function windowRow(day: string, from: string, to: string) {
    const { list } = formParts();
    const n = ++serial;
    const input = (kind: string, label: string, attrs: Record<string, string>) => {
      const id = `wl-${kind}-${n}`;
      return el("div", { class: "field" }, [
        el("label", { for: id, text: label }),
        el("input", { id, name: kind, required: true, ...attrs }),
      ]);
    };
    const remove = el("button", { type: "button", class: "link-button", text: t("common.remove") });
    const error = el("p", { class: "field-error", role: "alert", hidden: true });
    const row = el("li", { class: "window" }, [
      input("date", t("waitlist.date"), { type: "date", min: page.today, value: day }),
      input("from", t("waitlist.from"), { type: "time", step: "900", value: from }),
      input("to", t("waitlist.to"), { type: "time", step: "900", value: to }),
      remove,
      error,
    ]);
    remove.addEventListener("click", () => {
      row.remove();
      renumber();
    });
    list.appendChild(row);
    renumber();
  }

  /** Remove buttons name their window; one window cannot be removed; at most MAX_WINDOWS. */
  function renumber() {
    const { list, add } = formParts();
    const rows = queryAll<HTMLLIElement>("li.window", list);
    rows.forEach((row, i) => {
      const remove = row.querySelector<HTMLButtonElement>("button");
      if (remove) {
        remove.setAttribute("aria-label", t("waitlist.removeTime", { n: i + 1 }));
        show(remove, rows.length > 1);
      }
    });
    add.disabled = rows.length >= MAX_WINDOWS;
  }

  function clearErrors() {
    const { list, formError } = formParts();
    show(formError, false);
    for (const id of CUSTOMER_FIELDS.values()) {
      byId(id).removeAttribute("aria-invalid");
      show(byId(`${id}-error`), false);
    }
    for (const p of queryAll("li.window .field-error", list)) show(p, false);
  }

  function openPanel() {
    const c = choice();
    if (!c || !date) return;
    setText(
      byId("waitlist-intro"),
      t("waitlist.intro", {
        withStaff: c.staffId ? "yes" : "no",
        service: c.serviceName,
        staff: c.staffName,
        date: humanDate(date, pageLocale()),
      }),
    );
    const { form, list } = formParts();
    setText(list, "");
    windowRow(date, "09:00", "17:00");
    clearErrors();
    show(form, true);
    show(done, false);
    show(panel, true);
    panel.focus();
  }

  async function join(event: SubmitEvent) {
    event.preventDefault();
    clearErrors();
    const c = choice();
    if (!c) return;
    const { form, list } = formParts();
    const value = (id: string) => byId(id, HTMLInputElement).value.trim();
    const rows = queryAll<HTMLLIElement>("li.window", list);
    const windows = rows.map((row) => {
      const get = (name: string) => row.querySelector<HTMLInputElement>(`input[name=${name}]`)?.value ?? "";
      return { date: get("date"), from: get("from"), to: get("to") };
    });
    const customer: Record<string, string> = { firstName: value("wl-firstName"), email: value("wl-email") };
    if (value("wl-lastName")) customer.lastName = value("wl-lastName");
    if (value("wl-phone")) customer.phone = value("wl-phone");
    const captchaToken = captcha?.token() ?? null;
    if (captcha && !captchaToken) return fail(t("client.captchaFirst"));
    const submit = byId("waitlist-submit", HTMLButtonElement);
    submit.disabled = true;
    const answer = await publicApi<WaitlistJoined>("POST", publicPath("/waitlist"), {
      serviceId: c.serviceId,
      ...(c.staffId ? { staffProfileId: c.staffId } : {}),
      windows,
      customer,
      ...(captchaToken ? { captchaToken } : {}),
      // design.md §30: the waitlist's e-mails and texts speak the page's language.
      locale: pageLocale(),
    });
    // A Turnstile token is good for one check: a new one for the next try.
    captcha?.reset();
    submit.disabled = false;
    if (dataOf(answer, 201)) {
      show(form, false);
      setText(done, t("waitlist.joined", { email: customer.email ?? "" }));
      show(done, true);
      return;
    }
    const code = errorCode(answer);
    if (code === "captcha_failed") return fail(t("waitlist.captchaFailed"));
    if (code === "conflict") return fail(t("waitlist.conflict"));
    const problems = code === "invalid_request" ? errorDetails(answer) : null;
    if (!problems) return fail(genericError(answer));
    const other = [...problems.formErrors];
    for (const [key, messages] of Object.entries(problems.fieldErrors)) {
      const windowIndex = /^windows\.(\d+)/.exec(key);
      const row = windowIndex ? rows[Number(windowIndex[1])] : undefined;
      const fieldId = CUSTOMER_FIELDS.get(key);
      if (row) {
        const p = row.querySelector<HTMLElement>(".field-error");
        setText(p, messages.join(" "));
        show(p, true);
      } else if (fieldId) {
        byId(fieldId).setAttribute("aria-invalid", "true");
        setText(byId(`${fieldId}-error`), messages.join(" "));
        show(byId(`${fieldId}-error`), true);
      } else other.push(messages.join(" "));
    }
    if (other.length) fail(other.join(" "));
  }

  function fail(message: string) {
    const { formError } = formParts();
    setText(formError, message);
    show(formError, true);
  }

  open.addEventListener("click", openPanel);

  return {
    offerFor: (day, hasTimes) => {
      date = day;
      const on = !!day && !hasTimes && choice() !== null;
      if (on && day) setText(open, t("waitlist.joinFor", { date: humanDate(day, pageLocale()) }));
      show(open, on);
      if (!on) show(panel, false);
    },
  };
}

/** The manage link (`?waitlist=<secret>`): the entry, and "Leave the waitlist" while it waits. */
export function startWaitlistManage(): void {
  const token = new URLSearchParams(location.search).get("waitlist");
  const section = maybeById("waitlist-manage");
  if (!token || !section) return;
  const leave = byId("waitlist-leave", HTMLButtonElement);
  const error = byId("waitlist-manage-error");
  const path = `/api/public/waitlist/${enc(token)}`;

  function render(entry: WaitlistEntry) {
    const details = byId("waitlist-manage-details");
    setText(details, "");
    const row = (term: string, value: string) => [el("dt", { text: term }), el("dd", { text: value })];
    const times = entry.windows
      .map((w) => t("waitlist.window", { date: humanDate(w.start, pageLocale()), start: clockTime(w.start), end: clockTime(w.end) }))
      .join("; ");
    const rows = [
      ...row(t("manage.rowService"), entry.serviceName),
      ...row(t("manage.rowWith"), entry.staffName ?? t("waitlist.anyone")),
      ...row(t("waitlist.rowTimes"), times),
    ];
    for (const node of rows) details.appendChild(node);
    setText(byId("waitlist-manage-status"), t("waitlist.status", { status: entry.status }));
    show(leave, entry.status === "waiting");
  }

  async function load() {
    const answer = await publicApi<WaitlistEntry>("GET", path);
    const entry = dataOf(answer);
    show(section, true);
    if (!entry) {
      setText(error, errorCode(answer) === "not_found" ? t("waitlist.notFound") : genericError(answer));
      show(error, true);
      return;
    }
    render(entry);
    section?.focus();
  }

  leave.addEventListener("click", async () => {
    leave.disabled = true;
    const answer = await publicApi<WaitlistEntry>("DELETE", path);
    leave.disabled = false;
    const entry = dataOf(answer);
    if (entry) return render(entry);
    setText(error, genericError(answer));
    show(error, true);
  });
  void load();
}

/**
 * An offer's link (`?service=&staff=&date=&time=`): the form chooses that service, staff member
 * and date as the customer would, and presses that time if it is still free; otherwise says it was
 * taken (the customer stays on the waitlist).
 */
export async function openOfferedTime(
  choose: (serviceId: string, staffId: string, date: string | null) => Promise<{ date: string | null } | null>,
) {
  const q = new URLSearchParams(location.search);
  const serviceId = q.get("service");
  const date = q.get("date");
  const time = q.get("time");
  if (!serviceId || !date || !time) return;
  const shown = await choose(serviceId, q.get("staff") ?? "", date);
  const button = shown?.date === date ? queryAll<HTMLButtonElement>("#slots button.slot").find((b) => b.textContent === time) : undefined;
  if (button) {
    button.click();
    return;
  }
  const notice = byId("notice");
  setText(notice, t("waitlist.offerTaken", { time, date: humanDate(date, pageLocale()) }));
  show(notice, true);
}
