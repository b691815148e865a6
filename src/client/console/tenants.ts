import { isoDay } from "../../shared/format";
import { TENANTS_PAGE_SIZE } from "../../shared/console-sections";
import type { TenantListItem } from "../shared/api-types";
import { byId, el, maybeById, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { adminApi, requireSession } from "./session";
import { badge, failureText, tenantState } from "./ui";

const FILTERS = ["search", "status", "plan"] as const;

/** The list's page number from `?page=` (1 when absent or nonsense). */
export function pageNumber(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** /admin/tenants: search and filter, newest first, one page of TENANTS_PAGE_SIZE at a time. */
export async function tenantsPage(): Promise<void> {
  if (!requireSession()) return;
  const params = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  for (const key of FILTERS) {
    const value = (params.get(key) ?? "").trim();
    const input = maybeById<HTMLInputElement | HTMLSelectElement>(key);
    if (input) input.value = value;
    if (value) query.set(key, value);
  }
  const page = pageNumber(params.get("page"));
  // One more than a page tells whether a next page exists, without counting every tenant.
  query.set("limit", String(TENANTS_PAGE_SIZE + 1));
  query.set("offset", String((page - 1) * TENANTS_PAGE_SIZE));
  const answer = await adminApi<TenantListItem[]>("GET", `/api/admin/tenants?${query}`);
  const status = byId("tenants-status");
  const list = dataOf(answer);
  if (!list) return setText(status, failureText(answer));
  const hasNext = list.length > TENANTS_PAGE_SIZE;
  const shown = list.slice(0, TENANTS_PAGE_SIZE);
  const first = (page - 1) * TENANTS_PAGE_SIZE + 1;
  if (shown.length === 0) setText(status, page > 1 ? "There are no more tenants on this page." : "No tenants match.");
  else if (page === 1 && !hasNext) setText(status, `${shown.length} ${shown.length === 1 ? "tenant" : "tenants"}`);
  else setText(status, `Tenants ${first}\u2013${first + shown.length - 1}${hasNext ? " (more on the next page)" : ""}`);

  const tbody = byId("tenants-body");
  setText(tbody, "");
  for (const t of shown) {
    const [label, kind] = tenantState(t);
    tbody.appendChild(
      el("tr", {}, [
        el("td", { "data-label": "Business" }, [el("a", { href: `/admin/tenant?id=${encodeURIComponent(t.id)}`, text: t.businessName })]),
        el("td", { "data-label": "Slug", text: t.slug }),
        el("td", { "data-label": "Plan", text: t.plan }),
        el("td", { "data-label": "Status" }, [badge(label, kind)]),
        el("td", { "data-label": "Owner e-mail", text: t.ownerEmail || "\u2014" }),
        el("td", { "data-label": "Created", text: isoDay(t.createdAt) }),
      ]),
    );
  }
  show(byId("tenants-table"), shown.length > 0);
  renderPager(params, page, hasNext);
}

function renderPager(params: URLSearchParams, page: number, hasNext: boolean) {
  const pager = byId("tenants-pager");
  const link = (id: string, target: number | null) => {
    const a = byId(id, HTMLAnchorElement);
    if (target === null) {
      a.removeAttribute("href");
      a.setAttribute("aria-disabled", "true");
      return;
    }
    const next = new URLSearchParams(params);
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    a.href = `/admin/tenants${next.size ? `?${next}` : ""}`;
    a.removeAttribute("aria-disabled");
  };
  link("pager-prev", page > 1 ? page - 1 : null);
  link("pager-next", hasNext ? page + 1 : null);
  setText(byId("pager-position"), `Page ${page}`);
  show(pager, page > 1 || hasNext);
}
