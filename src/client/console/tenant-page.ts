import { TENANT_SECTIONS } from "../../shared/console-sections";
import { isoDay } from "../../shared/format";
import type { DeletionSchedule, FailedJob, ImpersonationStart, OperatorTenantView, TenantActivity } from "../shared/api-types";
import { byId, queryAll, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { IMPERSONATION_KEY, type ImpersonationHandOff } from "../shared/impersonation";
import { received } from "../shared/token";
import { adminApi, requireSession, session, store } from "./session";
import { failedJobsSection, SECTION_RENDERERS } from "./tenant-sections";
import { failureText, tenantState } from "./ui";

type Patch = { patch: Record<string, unknown>; done: string };

/** The PATCH each action form sends (design: one required reason, stored in the audit log). */
const ACTIONS = new Map<string, (reason: string) => Patch>([
  ["form-suspend", (reason) => ({ patch: { isSuspended: true, suspendedReason: reason, reason }, done: "Tenant suspended." })],
  ["form-restore", (reason) => ({ patch: { isSuspended: false, reason }, done: "Tenant restored." })],
  [
    "form-plan",
    (reason) => {
      const plan = byId("form-plan-value", HTMLSelectElement).value;
      return { patch: { plan, reason }, done: `Plan changed to ${plan}.` };
    },
  ],
  [
    "form-extend-trial",
    (reason) => {
      const day = byId("form-extend-trial-date", HTMLInputElement).value;
      return { patch: { trialEndsAt: `${day}T23:59:59.000Z`, reason }, done: `Trial now ends on ${day}.` };
    },
  ],
  ["form-end-trial", (reason) => ({ patch: { trialEndsAt: null, reason }, done: "Trial ended." })],
]);

/** /admin/tenant?id=: the sections in interface.md's order and the operator's actions. */
export async function tenantPage(): Promise<void> {
  if (!requireSession()) return;
  const id = document.body.dataset.tenantId ?? "";
  const status = byId("tenant-status");
  const error = byId("tenant-error");
  const path = `/api/admin/tenants/${encodeURIComponent(id)}`;
  if (!id) {
    setText(status, "");
    setText(error, "No tenant ID given. Open a tenant from the list.");
    return show(error, true);
  }
  let current: OperatorTenantView | null = null;
  let currency = "USD";

  async function load() {
    const [viewAnswer, activityAnswer, failedAnswer] = await Promise.all([
      adminApi<OperatorTenantView>("GET", path),
      adminApi<TenantActivity>("GET", `${path}/activity`),
      adminApi<FailedJob[]>("GET", `${path}/failed-jobs?limit=50`),
    ]);
    const t = dataOf(viewAnswer);
    if (!t) {
      setText(status, "");
      setText(error, viewAnswer.status === 404 ? "There is no tenant with this ID." : failureText(viewAnswer));
      show(error, true);
      return;
    }
    const a = dataOf(activityAnswer);
    current = t;
    currency = a?.payments.currency || t.recentBookings[0]?.currency || "USD";
    document.title = `${t.businessName} \u00b7 Operator console`;
    setText(byId("tenant-title"), t.businessName);
    const [label] = tenantState(t);
    const deletion = a?.deletion;
    const deletionText = deletion
      ? deletion.deletedAt
        ? ` \u00b7 deleted ${isoDay(deletion.deletedAt)}`
        : ` \u00b7 deletion scheduled for ${isoDay(deletion.dueAt)}`
      : "";
    setText(
      status,
      `${label} \u00b7 ${t.plan} plan${t.isSuspended && t.suspendedReason ? ` \u00b7 suspended: ${t.suspendedReason}` : ""}${deletionText}`,
    );
    show(error, false);
    for (const [key] of TENANT_SECTIONS) {
      const box = document.querySelector(`[data-section=${key}]`);
      if (!box) continue;
      box.replaceChildren(...SECTION_RENDERERS[key](t, a, currency));
    }
    document.querySelector("[data-section=failed-jobs]")?.replaceChildren(...failedJobsSection(dataOf(failedAnswer)));
    show(byId("action-suspend"), !t.isSuspended);
    show(byId("action-restore"), t.isSuspended);
    show(byId("action-end-trial"), !!t.trialEndsAt);
    // design.md §25: only a suspended tenant, once (restoring it cancels a scheduled deletion).
    show(byId("action-schedule-deletion"), t.isSuspended && a !== null && !a.deletion);
    byId("form-plan-value", HTMLSelectElement).value = t.plan;
    show(byId("tenant-actions"), true);
  }

  const forms = queryAll<HTMLFormElement>(".action-form");
  const toggles = queryAll<HTMLButtonElement>("[data-form]");
  function closeForms() {
    for (const f of forms) show(f, false);
    for (const b of toggles) b.setAttribute("aria-expanded", "false");
  }
  for (const button of toggles) {
    button.addEventListener("click", () => {
      const form = byId(button.dataset.form ?? "", HTMLFormElement);
      const opening = form.hidden;
      closeForms();
      if (!opening) return;
      setText(byId("action-result"), "");
      show(form, true);
      button.setAttribute("aria-expanded", "true");
      form.querySelector<HTMLElement>("select, input, textarea")?.focus();
    });
  }
  for (const cancel of queryAll<HTMLButtonElement>(".form-cancel")) cancel.addEventListener("click", closeForms);

  /**
   * design.md §15: the owner app itself, read-only. The token is handed over in this tab's
   * sessionStorage (never in a URL); /app reads it, shows the banner and returns here at expiry.
   */
  async function impersonate(reason: string): Promise<string | null> {
    const answer = await adminApi<ImpersonationStart>("POST", `${path}/impersonate`, { reason });
    const started = dataOf(answer, 201, 200);
    if (!started?.token) return failureText(answer);
    const admin = session()?.admin;
    const handOff: ImpersonationHandOff = {
      ...started,
      ...received(started.token),
      tenantId: started.tenantId || id,
      businessName: current?.businessName ?? "",
      reason,
      operator: admin?.name || admin?.email || "",
    };
    store(IMPERSONATION_KEY, handOff);
    location.assign("/app");
    return null;
  }

  for (const form of forms) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const err = form.querySelector<HTMLElement>(".error");
      const fail = (message: string) => {
        setText(err, message);
        show(err, true);
      };
      show(err, false);
      const reasonBox = form.querySelector<HTMLTextAreaElement>("textarea[name=reason]");
      const reason = reasonBox?.value.trim() ?? "";
      if (!reason) {
        fail("Enter a reason: it is required and stored in the audit log.");
        return reasonBox?.focus();
      }
      if (!form.reportValidity()) return;
      const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
      if (submit) submit.disabled = true;
      if (form.id === "form-impersonate") {
        const problem = await impersonate(reason);
        if (submit) submit.disabled = false;
        if (problem) fail(problem);
        return;
      }
      if (form.id === "form-schedule-deletion") {
        const answer = await adminApi<DeletionSchedule>("POST", `${path}/schedule-deletion`, { reason });
        if (submit) submit.disabled = false;
        const scheduled = dataOf(answer);
        if (!scheduled) return fail(failureText(answer));
        if (reasonBox) reasonBox.value = "";
        closeForms();
        await load();
        setText(byId("action-result"), `Deletion scheduled for ${isoDay(scheduled.dueAt)}; the owner has been e-mailed.`);
        return;
      }
      const action = ACTIONS.get(form.id)?.(reason);
      if (!action) return;
      const answer = await adminApi<OperatorTenantView>("PATCH", path, action.patch);
      if (submit) submit.disabled = false;
      if (answer.status !== 200) return fail(failureText(answer));
      if (reasonBox) reasonBox.value = "";
      closeForms();
      await load();
      setText(byId("action-result"), action.done);
    });
  }
  await load();
}
