import { isHexColor } from "../../shared/color";
import type { TenantSectionKey } from "../../shared/console-sections";
import { jobKindLabel } from "../../shared/job-kinds";
import { formatMoneyOrDash, isoDay, plural, utcDateTime } from "../../shared/format";
import type { FailedJob, OperatorTenantView, TenantActivity } from "../shared/api-types";
import { el } from "../shared/dom";
import { badge, details, joined, table, tenantState, yesNo } from "./ui";

type Render = (t: OperatorTenantView, a: TenantActivity | null, currency: string) => Node[];

const unavailable = (what: string) => [el("p", { class: "error", text: `${what} could not be loaded.` })];

/** One renderer per section of the tenant page, keyed like the page's sections (src/shared/console-sections.ts). */
export const SECTION_RENDERERS: Record<TenantSectionKey, Render> = {
  profile: (t) => {
    const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
    if (isHexColor(t.widgetColor)) swatch.style.backgroundColor = t.widgetColor;
    const [label, kind] = tenantState(t);
    return [
      details([
        ["Name", t.businessName],
        ["Slug", el("a", { href: `/book?slug=${encodeURIComponent(t.slug)}`, text: t.slug })],
        ["Business type", t.businessType],
        ["Custom domain", t.customDomain],
        ["Widget color", el("span", {}, [swatch, t.widgetColor || "\u2014"])],
        ["Address", joined([t.addressLine1, t.city, t.country], ", ")],
        ["Contact", joined([t.email, t.phone], " \u00b7 ")],
        ["Plan", t.plan + (t.planStatus ? ` (${t.planStatus})` : "")],
        ["Status", badge(label, kind)],
        ["Suspended", t.isSuspended ? utcDateTime(t.suspendedAt) + (t.suspendedReason ? ` \u2014 ${t.suspendedReason}` : "") : "No"],
        ["Trial ends", t.trialEndsAt ? utcDateTime(t.trialEndsAt) : "No trial"],
        ["Created", utcDateTime(t.createdAt)],
        ["Tenant ID", t.id],
      ]),
    ];
  },
  owner: (_t, a) => {
    if (!a) return unavailable("The owner");
    const o = a.owner;
    if (!o) return [el("p", { text: "This tenant has no active owner." })];
    return [
      details([
        ["Name", joined([o.firstName, o.lastName])],
        ["E-mail", o.email],
        ["Last login", o.lastLoginAt ? utcDateTime(o.lastLoginAt) : "Never"],
        ["User ID", o.id],
      ]),
    ];
  },
  members: (t) => {
    if (!t.users.length) return [el("p", { text: "No members." })];
    return [
      table(
        "Members",
        ["Name", "E-mail", "Role", "Active", "Since"],
        t.users.map((u) => [joined([u.firstName, u.lastName]), u.email, u.role, yesNo(u.isActive), isoDay(u.createdAt)]),
      ),
    ];
  },
  services: (t, a, currency) => {
    const out: Node[] = [el("p", { class: "stat", text: plural(t.counts.services, "service") })];
    if (a?.services.length) {
      out.push(el("p", { class: "muted small", text: "Most recently added:" }));
      out.push(
        table(
          "Recent services",
          ["Name", "Duration", "Price", "Active"],
          a.services.map((s) => [s.name, `${s.durationMinutes} min`, formatMoneyOrDash(s.price, currency), yesNo(s.isActive)]),
        ),
      );
    }
    return out;
  },
  staff: (t, a) => {
    const out: Node[] = [el("p", { class: "stat", text: `${t.counts.staff} staff` })];
    if (a?.staff.length) {
      out.push(el("p", { class: "muted small", text: "Most recently added:" }));
      out.push(
        table(
          "Recent staff",
          ["Name", "Bookable"],
          a.staff.map((s) => [s.displayName, yesNo(s.isBookable)]),
        ),
      );
    }
    return out;
  },
  customers: (t) => [el("p", { class: "stat", text: plural(t.counts.customers, "customer") })],
  bookings: (t, a) => {
    const out: Node[] = [el("p", { class: "stat", text: plural(t.counts.bookings, "booking") })];
    if (a) out.push(...lastThirtyDays(a.last30Days));
    const list = t.recentBookings;
    if (!list.length) return out;
    out.push(el("p", { class: "muted small", text: `The ${list.length} most recent:` }));
    out.push(
      table(
        "Recent bookings",
        ["Starts", "Status", "Amount", "Booking ID"],
        list.map((b) => [utcDateTime(b.startDatetime), b.status, formatMoneyOrDash(b.totalAmount, b.currency), b.id]),
      ),
    );
    return out;
  },
  payments: (_t, a) => {
    if (!a) return unavailable("Payments");
    const p = a.payments;
    return [
      el("p", { class: "stat", text: plural(p.count, "payment") }),
      el("p", { text: `${formatMoneyOrDash(p.last30DaysTotal, p.currency)} received in the last 30 days.` }),
    ];
  },
  ai: (_t, a) => {
    if (!a) return unavailable("AI activity");
    return [
      el("p", { class: "stat", text: plural(a.aiActivity.last7Days, "AI action") }),
      el("p", { class: "muted", text: "in the last 7 days." }),
    ];
  },
  audit: (t) => {
    if (!t.audit.length) return [el("p", { text: "No audit entries yet." })];
    return [
      table(
        "Audit log, newest first",
        ["When", "Action", "Actor", "Reason"],
        t.audit.map((r) => [utcDateTime(r.createdAt), r.action, r.actorId, r.reason]),
      ),
    ];
  },
};

/** design.md §29: the report's totals of the bookings starting in the last 30 days (no personal data). */
function lastThirtyDays(r: TenantActivity["last30Days"]): Node[] {
  const t = r.totals;
  const money = (minor: number) => formatMoneyOrDash(minor, r.currency);
  return [
    el("p", { class: "muted small", text: "Bookings starting in the last 30 days:" }),
    details([
      ["Bookings", String(t.bookings)],
      ["Completed", String(t.completed)],
      ["No-shows", `${t.noShows} (${percent(r.noShowRate)} of completed and no-shows)`],
      ["Cancelled", `${t.cancelled} (${percent(r.cancellationRate)})`],
      ["Money taken", `${money(t.revenue)}, ${money(t.refunded)} refunded, ${money(t.net)} net`],
      ["Customers", `${t.newCustomers} new, ${t.returningCustomers} returning`],
    ]),
  ];
}

const percent = (rate: number | null) => (rate === null ? "no rate yet" : `${Math.round(rate * 1000) / 10} %`);

/** The tenant's failed side effects (GET /api/admin/tenants/:id/failed-jobs), newest first; null: could not load. */
export function failedJobsSection(jobs: FailedJob[] | null): Node[] {
  if (!jobs) return unavailable("Failed jobs");
  if (!jobs.length)
    return [el("p", { text: "No failed jobs: every e-mail, webhook and payment call got through or is still being tried." })];
  return [
    table(
      "Failed jobs, newest first",
      ["Failed", "Kind", "What", "To", "Tries", "Last error"],
      jobs.map((j) => [
        utcDateTime(j.failedAt),
        jobKindLabel(j.kind),
        j.type,
        j.target,
        String(j.attempts),
        j.lastError ?? (j.lastStatusCode ? `HTTP ${j.lastStatusCode}` : "\u2014"),
      ]),
    ),
  ];
}
