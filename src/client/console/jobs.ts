import { utcDateTime } from "../../shared/format";
import {
  JOB_STATE_EMPTY,
  JOB_STATE_LABELS,
  JOB_STATES,
  type JobState,
  JOBS_PAGE_SIZE,
  jobKindLabel,
  jobWhat,
} from "../../shared/job-kinds";
import type { JobPage, JobView } from "../shared/api-types";
import { byId, el, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { adminApi, requireSession } from "./session";
import { failureText } from "./ui";

/** The list's filters, from the address (so a filtered page can be bookmarked and shared). */
function filtersFrom(search: string) {
  const params = new URLSearchParams(search);
  const raw = params.get("state") ?? "";
  const state: JobState = (JOB_STATES as readonly string[]).includes(raw) ? (raw as JobState) : "failed";
  return {
    state,
    kind: (params.get("kind") ?? "").trim(),
    tenantId: (params.get("tenantId") ?? "").trim(),
    cursor: params.get("cursor") ?? "",
  };
}

type Filters = ReturnType<typeof filtersFrom>;

const pageHref = (f: Filters, cursor = "") => {
  const q = new URLSearchParams();
  if (f.state !== "failed") q.set("state", f.state);
  if (f.kind) q.set("kind", f.kind);
  if (f.tenantId) q.set("tenantId", f.tenantId);
  if (cursor) q.set("cursor", cursor);
  return `/admin/jobs${q.size ? `?${q}` : ""}`;
};

/** When it matters for the state: when it failed, when it was due, since when it has been sending. */
function when(j: JobView, state: JobState): string {
  if (state === "pending") return `Due ${utcDateTime(j.dueAt)}`;
  if (state === "stuck") return `Sending since ${utcDateTime(j.lockedAt ?? j.updatedAt)}`;
  return utcDateTime(j.updatedAt);
}

/** /admin/jobs: filter, page, retry and discard (design.md §24). */
export async function jobsPage(): Promise<void> {
  if (!requireSession()) return;
  const f = filtersFrom(location.search);
  byId("state", HTMLSelectElement).value = f.state;
  byId("kind", HTMLInputElement).value = f.kind;
  byId("tenantId", HTMLInputElement).value = f.tenantId;
  const status = byId("jobs-status");
  const result = byId("jobs-result");
  const discardForm = byId("discard-form", HTMLFormElement);
  const reasonBox = byId("discard-reason", HTMLTextAreaElement);
  const discardError = byId("discard-error");
  let discarding: { job: JobView; opener: HTMLElement } | null = null;

  function closeDiscard() {
    const opener = discarding?.opener;
    discarding = null;
    show(discardForm, false);
    opener?.focus();
  }

  async function act(job: JobView, path: "retry" | "discard", body?: unknown): Promise<string | null> {
    const answer = await adminApi<JobView>("POST", `/api/admin/jobs/${encodeURIComponent(job.id)}/${path}`, body);
    if (!dataOf(answer)) return failureText(answer);
    return null;
  }

  function actions(j: JobView): Node {
    const cell = el("div", { class: "row-actions" });
    const what = `${jobWhat(j)} to ${j.target}`;
    if (j.canRetry) {
      const retry = el("button", { type: "button", text: "Retry", "aria-label": `Retry: ${what}` });
      retry.addEventListener("click", async () => {
        retry.disabled = true;
        const problem = await act(j, "retry");
        retry.disabled = false;
        setText(result, problem ?? `Retry queued: ${what}. It runs within a minute.`);
        if (!problem) await load();
      });
      cell.append(retry);
    }
    if (j.canDiscard) {
      const discard = el("button", { type: "button", text: "Discard…", "aria-label": `Discard: ${what}`, "aria-controls": "discard-form" });
      discard.addEventListener("click", () => {
        discarding = { job: j, opener: discard };
        setText(byId("discard-what"), `${what} (${j.businessName ?? "no business"}), ${j.attempts} ${j.attempts === 1 ? "try" : "tries"}.`);
        reasonBox.value = "";
        show(discardError, false);
        show(discardForm, true);
        reasonBox.focus();
      });
      cell.append(discard);
    }
    if (!cell.childElementCount) cell.append(el("span", { class: "muted small", text: "\u2014" }));
    return cell;
  }

  async function load() {
    const q = new URLSearchParams({ state: f.state, limit: String(JOBS_PAGE_SIZE) });
    if (f.kind) q.set("kind", f.kind);
    if (f.tenantId) q.set("tenantId", f.tenantId);
    if (f.cursor) q.set("cursor", f.cursor);
    const answer = await adminApi<JobPage>("GET", `/api/admin/jobs?${q}`);
    const page = dataOf(answer);
    const table = byId("jobs-table");
    if (!page) {
      show(table, false);
      return setText(status, failureText(answer));
    }
    const label = JOB_STATE_LABELS[f.state].toLowerCase();
    if (page.jobs.length === 0) setText(status, f.cursor ? "There are no more jobs on this page." : JOB_STATE_EMPTY[f.state]);
    else
      setText(
        status,
        `${page.jobs.length} ${label} ${page.jobs.length === 1 ? "job" : "jobs"}${page.nextCursor ? " (more on the next page)" : ""}`,
      );
    const body = byId("jobs-body");
    body.replaceChildren(
      ...page.jobs.map((j) =>
        el("tr", {}, [
          el("td", { "data-label": "When", class: "job-when", text: when(j, f.state) }),
          el("td", { "data-label": "Business" }, [
            j.tenantId
              ? el("a", { href: `/admin/tenant?id=${encodeURIComponent(j.tenantId)}`, text: j.businessName ?? j.tenantId })
              : el("span", { class: "muted", text: "Platform" }),
          ]),
          el("td", { "data-label": "What" }, [
            el("div", {}, [
              el("span", { class: "job-kind", text: jobKindLabel(j.kind) }),
              j.type !== j.kind ? el("span", { class: "muted small job-type", text: j.type }) : null,
            ]),
          ]),
          el("td", { "data-label": "To", class: "job-target", text: j.target }),
          el("td", { "data-label": "Last error" }, [
            el("div", {}, [
              el("span", { class: "muted small job-tries", text: `${j.attempts} ${j.attempts === 1 ? "try" : "tries"}` }),
              j.lastError ?? (j.lastStatusCode ? `HTTP ${j.lastStatusCode}` : null),
            ]),
          ]),
          el("td", { "data-label": "Actions" }, [actions(j)]),
        ]),
      ),
    );
    show(table, page.jobs.length > 0);
    const first = byId("jobs-first", HTMLAnchorElement);
    const next = byId("jobs-next", HTMLAnchorElement);
    first.href = pageHref(f);
    if (page.nextCursor) {
      next.href = pageHref(f, page.nextCursor);
      next.removeAttribute("aria-disabled");
    } else {
      next.removeAttribute("href");
      next.setAttribute("aria-disabled", "true");
    }
    show(byId("jobs-pager"), Boolean(f.cursor || page.nextCursor));
  }

  byId("jobs-filter", HTMLFormElement).addEventListener("submit", (event) => {
    event.preventDefault();
    const state = byId("state", HTMLSelectElement).value as JobState;
    location.assign(
      pageHref({
        state,
        kind: byId("kind", HTMLInputElement).value.trim(),
        tenantId: byId("tenantId", HTMLInputElement).value.trim(),
        cursor: "",
      }),
    );
  });
  byId("discard-cancel").addEventListener("click", closeDiscard);
  discardForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!discarding) return;
    const reason = reasonBox.value.trim();
    if (!reason) {
      setText(discardError, "Enter a reason: it is required and stored in the audit log.");
      show(discardError, true);
      return reasonBox.focus();
    }
    const job = discarding.job;
    const submit = discardForm.querySelector<HTMLButtonElement>("button[type=submit]");
    if (submit) submit.disabled = true;
    const problem = await act(job, "discard", { reason });
    if (submit) submit.disabled = false;
    if (problem) {
      setText(discardError, problem);
      return show(discardError, true);
    }
    closeDiscard();
    setText(result, `Discarded: ${jobWhat(job)} to ${job.target}.`);
    await load();
    status.focus();
  });
  status.tabIndex = -1;
  await load();
}
