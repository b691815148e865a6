import type { Child, FC } from "hono/jsx";

/**
 * The operator's actions on the tenant page: a toolbar of toggles, each opening its form with a
 * required reason (the console script sends the PATCH or the impersonation launch).
 */
export const TenantActions: FC = () => (
  <div id="tenant-actions" class="actions" hidden>
    <div class="toolbar" role="group" aria-label="Tenant actions">
      <ActionToggle action="suspend" label="Suspend" />
      <ActionToggle action="restore" label="Restore" />
      <ActionToggle action="plan" label="Change plan" />
      <ActionToggle action="extend-trial" label="Extend trial" />
      <ActionToggle action="end-trial" label="End trial" />
      <ActionToggle action="impersonate" label="Impersonate owner" />
      <ActionToggle action="schedule-deletion" label="Schedule deletion" hidden />
    </div>
    <ActionForm
      id="form-suspend"
      legend="Suspend this tenant"
      submit="Suspend tenant"
      hint="The reason is sent to the owner in the suspension e-mail and stored in the audit log."
    />
    <ActionForm id="form-restore" legend="Restore this tenant" submit="Restore tenant" hint="Stored in the audit log." />
    <ActionForm id="form-plan" legend="Change plan" submit="Change plan" hint="Takes effect immediately; no charge is made.">
      <div class="field">
        <label for="form-plan-value">New plan</label>
        <select id="form-plan-value" name="plan" required>
          <option value="free">Free</option>
          <option value="pro">Pro</option>
          <option value="enterprise">Enterprise</option>
        </select>
      </div>
    </ActionForm>
    <ActionForm
      id="form-extend-trial"
      legend="Extend or set the trial"
      submit="Set trial end"
      hint="The trial ends at the end of the chosen day (UTC)."
    >
      <div class="field">
        <label for="form-extend-trial-date">Trial ends on</label>
        <input id="form-extend-trial-date" name="trialEndsOn" type="date" required />
      </div>
    </ActionForm>
    <ActionForm id="form-end-trial" legend="End the trial" submit="End trial" hint="Clears the trial end date." />
    <ActionForm
      id="form-impersonate"
      legend="Impersonate the owner (read-only)"
      submit="Start read-only session"
      hint="Opens the owner's pages read-only for one hour. Every page you open is recorded in the audit log with this reason."
    />
    <ActionForm
      id="form-schedule-deletion"
      legend="Schedule this tenant's deletion"
      submit="Delete in 30 days"
      hint="Its customers, the personal details on its bookings, its team's access, API keys, webhooks and custom domain are deleted in 30 days. The owner is e-mailed now and 7 days before; restoring the tenant cancels it."
    />
    <p id="action-result" class="success" role="status" aria-live="polite"></p>
  </div>
);

/** The toolbar's button that opens (aria-expanded) the action's form `form-<action>`. */
const ActionToggle: FC<{ action: string; label: string; hidden?: boolean }> = ({ action, label, hidden }) => (
  <button
    type="button"
    id={`action-${action}`}
    data-form={`form-${action}`}
    aria-controls={`form-${action}`}
    aria-expanded="false"
    hidden={hidden}
  >
    {label}
  </button>
);

const ActionForm: FC<{ id: string; legend: string; submit: string; hint: string; children?: Child }> = (p) => (
  <form id={p.id} class="action-form" hidden>
    <fieldset>
      <legend>{p.legend}</legend>
      {p.children}
      <div class="field">
        <label for={`${p.id}-reason`}>Reason (required)</label>
        <textarea id={`${p.id}-reason`} name="reason" rows={3} maxlength={500} required aria-describedby={`${p.id}-hint`}></textarea>
        <p id={`${p.id}-hint`} class="muted small">
          {p.hint} At most 500 characters.
        </p>
      </div>
      <div class="error" role="alert" hidden></div>
      <div class="toolbar">
        <button type="submit" class="primary">
          {p.submit}
        </button>
        <button type="button" class="form-cancel">
          Cancel
        </button>
      </div>
    </fieldset>
  </form>
);
