import type { ImpersonationPageKey } from "../../shared/console-sections";
import { formatMoneyOrDash, isoDay, utcDateTime } from "../../shared/format";
import type { OwnerBooking, OwnerBusiness, OwnerCustomer, OwnerService, OwnerStaff } from "../shared/api-types";
import { byId, el, queryAll, setText, show } from "../shared/dom";
import { dataOf, requestJson } from "../shared/http";
import { IMPERSONATION_KEY, type Impersonation, readStored } from "./session";
import { type Cell, details, failureText, joined, table, yesNo } from "./ui";

/** One owner page, read-only: exactly one owner-API request (one audit row per page opened). */
type OwnerView<T> = { path: string; render: (data: T, imp: Impersonation) => Node[] };
const view = <T>(v: OwnerView<T>) => v as OwnerView<unknown>;

function actionButton(label: string): HTMLButtonElement {
  const b = el("button", { type: "button", text: label, title: "Read-only session: changes are disabled" });
  b.disabled = true;
  return b;
}

function listView<T>(
  list: T[],
  caption: string,
  addLabel: string,
  headers: string[],
  cells: (item: T) => Cell[],
  rowActions = ["Edit", "Delete"],
) {
  const out: Node[] = [
    el("div", { class: "toolbar" }, [actionButton(addLabel)]),
    el("p", { class: "muted", text: `${list.length} ${list.length === 1 ? "item" : "items"}` }),
  ];
  if (list.length) {
    out.push(
      table(
        caption,
        [...headers, "Actions"],
        list.map((item) => [...cells(item), el("div", { class: "toolbar" }, rowActions.map(actionButton))]),
      ),
    );
  }
  return out;
}

const SETTINGS_FIELDS: Array<[keyof OwnerBusiness, string]> = [
  ["businessName", "Business name"],
  ["description", "Description"],
  ["email", "Contact e-mail"],
  ["phone", "Phone"],
  ["addressLine1", "Address"],
  ["city", "City"],
  ["country", "Country"],
  ["timezone", "Time zone"],
  ["currency", "Currency"],
  ["cancellationHours", "Cancellation notice (hours)"],
  ["widgetColor", "Widget colour"],
  ["widgetMode", "Widget mode"],
  ["customDomain", "Custom domain"],
];

const OWNER_VIEWS: Record<ImpersonationPageKey, OwnerView<unknown>> = {
  dashboard: view<OwnerBusiness>({
    path: "/api/businesses/me",
    render: (b) => [
      details([
        ["Business", b.businessName],
        ["Booking page", b.slug],
        ["Plan", b.plan],
        ["Time zone", b.timezone],
        ["Currency", b.currency],
        ["Contact", joined([b.email, b.phone], " \u00b7 ")],
      ]),
      el("div", { class: "toolbar" }, [actionButton("New booking"), actionButton("Edit profile"), actionButton("Invite a team member")]),
    ],
  }),
  services: view<OwnerService[]>({
    path: "/api/services",
    render: (list, imp) =>
      listView(list, "Services", "Add service", ["Name", "Duration", "Price", "Active", "Online"], (s) => [
        s.name,
        `${s.durationMinutes} min`,
        formatMoneyOrDash(s.price, imp.currency),
        yesNo(s.isActive),
        yesNo(s.isOnlineBookable),
      ]),
  }),
  staff: view<OwnerStaff[]>({
    path: "/api/staff",
    render: (list) =>
      listView(list, "Staff", "Add staff member", ["Name", "Title", "Bookable"], (s) => [s.displayName, s.title, yesNo(s.isBookable)]),
  }),
  customers: view<OwnerCustomer[]>({
    path: "/api/customers?limit=100",
    render: (list) =>
      listView(list, "Customers", "Add customer", ["Name", "E-mail", "Phone", "Since"], (c) => [
        joined([c.firstName, c.lastName]),
        c.email,
        c.phone,
        isoDay(c.createdAt),
      ]),
  }),
  bookings: view<OwnerBooking[]>({
    path: "/api/bookings?limit=50",
    render: (list, imp) =>
      listView(
        list,
        "Bookings",
        "New booking",
        ["Starts", "Code", "Status", "Source", "Amount"],
        (b) => [
          utcDateTime(b.startDatetime),
          b.confirmationCode,
          b.status,
          b.source,
          formatMoneyOrDash(b.totalAmount, b.currency || imp.currency),
        ],
        ["Edit", "Cancel", "Reschedule"],
      ),
  }),
  settings: view<OwnerBusiness>({
    path: "/api/businesses/me",
    render: (b) => {
      const form = el("form", { id: "settings-form" });
      for (const [key, label] of SETTINGS_FIELDS) {
        const input = el("input", { id: `setting-${key}`, name: key, disabled: true });
        const value = b[key];
        input.value = value == null ? "" : String(value);
        form.append(el("div", { class: "field" }, [el("label", { for: `setting-${key}`, text: label }), input]));
      }
      const save = actionButton("Save changes");
      save.type = "submit";
      form.append(save);
      form.addEventListener("submit", (e) => e.preventDefault());
      return [form];
    },
  }),
};

/** /admin/impersonate?page=: the owner's pages, read-only, under a banner counting down the session. */
export function impersonatePage(): void {
  const key = (document.body.dataset.view ?? "dashboard") as ImpersonationPageKey;
  const imp = readStored<Impersonation>(IMPERSONATION_KEY);
  const ends = imp ? new Date(imp.expiresAt).getTime() : 0;
  const content = byId("imp-content");
  const back = imp?.tenantId ? `/admin/tenant?id=${encodeURIComponent(imp.tenantId)}` : "/admin/tenants";
  let timer: ReturnType<typeof setInterval> | undefined;

  function ended(message: string) {
    clearInterval(timer);
    sessionStorage.removeItem(IMPERSONATION_KEY);
    setText(byId("imp-time-left"), "00:00");
    setText(byId("imp-status"), "");
    content.replaceChildren(el("p", { text: message }), el("p", {}, [el("a", { href: back, text: "Back to the operator console" })]));
  }

  byId("imp-end").addEventListener("click", () => {
    sessionStorage.removeItem(IMPERSONATION_KEY);
    location.assign(back);
  });
  if (!imp?.token || !(ends > Date.now())) {
    ended("There is no active read-only session. Start one from a tenant's page in the console; a reason is required each time.");
    return;
  }
  setText(byId("imp-business"), imp.businessName || "this tenant");
  const tick = () => {
    const left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    const two = (n: number) => String(n).padStart(2, "0");
    setText(byId("imp-time-left"), `${two(Math.floor(left / 60))}:${two(left % 60)}`);
    if (left <= 0)
      ended(
        "The read-only session has ended (sessions last one hour). Start a new one from the tenant's page; a reason is required again.",
      );
  };
  tick();
  timer = setInterval(tick, 1000);

  const def = OWNER_VIEWS[key];
  if (!def) return;
  void (async () => {
    const answer = await requestJson<unknown>("GET", def.path, { token: imp.token });
    if (answer.status === 401) return ended("The read-only session is no longer valid. Start a new one from the tenant's page.");
    const data = dataOf(answer);
    if (data === null) {
      setText(byId("imp-status"), "");
      setText(byId("imp-error"), failureText(answer));
      return show(byId("imp-error"), true);
    }
    setText(byId("imp-status"), "Read-only: every action on this page is disabled.");
    content.replaceChildren(...def.render(data, imp));
    // Belt and braces: nothing in the owner's page can be pressed or submitted.
    for (const control of queryAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      "main button, main input, main select, main textarea",
    )) {
      control.disabled = true;
    }
  })();
}
