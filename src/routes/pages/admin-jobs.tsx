import type { FC } from "hono/jsx";
import { ResultsTable } from "./console-parts";
import { JOB_STATE_LABELS, JOB_STATES, KNOWN_JOB_KINDS, jobKindLabel } from "../../shared/job-kinds";

/**
 * /admin/jobs (design.md §24): side effects of every kind across tenants, by state, kind and
 * tenant; retry and discard (with a reason). The console script (src/client/console/jobs.ts)
 * fills the table from GET /api/admin/jobs; this frame carries no data.
 */
export const JobsPage: FC = () => (
  <main id="main" class="wrap">
    <h1>Jobs</h1>
    <p class="muted">
      E-mails, webhook deliveries, reminders, texts, Stripe and Cloudflare calls of every business. A retry uses the job's own idempotency
      key, so nothing is done twice.
    </p>
    <form id="jobs-filter" role="search" aria-label="Filter jobs" class="inline-form card search-card jobs-filter">
      <div class="field">
        <label for="state">State</label>
        <select id="state" name="state">
          {JOB_STATES.map((s) => (
            <option value={s}>{JOB_STATE_LABELS[s]}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="kind">Kind</label>
        <input id="kind" name="kind" list="kind-options" maxlength={100} autocomplete="off" />
        <datalist id="kind-options">
          {KNOWN_JOB_KINDS.map((k) => (
            <option value={k}>{jobKindLabel(k)}</option>
          ))}
        </datalist>
      </div>
      <div class="field">
        <label for="tenantId">Tenant ID</label>
        <input id="tenantId" name="tenantId" maxlength={100} autocomplete="off" />
      </div>
      <button type="submit">Show</button>
    </form>
    <p id="jobs-status" class="muted" role="status" aria-live="polite">
      Loading…
    </p>
    <p id="jobs-result" class="success" role="status" aria-live="polite"></p>
    <form id="discard-form" class="action-form" novalidate hidden>
      <fieldset>
        <legend>Discard a job</legend>
        <p id="discard-what"></p>
        <div class="field">
          <label for="discard-reason">Reason (required)</label>
          <textarea id="discard-reason" name="reason" rows={3} maxlength={500} required aria-describedby="discard-hint"></textarea>
          <p id="discard-hint" class="muted small">
            The job is never performed; the reason is stored in the audit log. At most 500 characters.
          </p>
        </div>
        <div id="discard-error" class="error" role="alert" hidden></div>
        <div class="toolbar">
          <button type="submit" class="danger">
            Discard for good
          </button>
          <button type="button" id="discard-cancel">
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
    <ResultsTable
      id="jobs-table"
      class="jobs-table"
      caption="Jobs"
      columns={["When", "Business", "What", "To", "Last error", "Actions"]}
      bodyId="jobs-body"
    />
    <nav id="jobs-pager" class="pager" aria-label="Pages of jobs" hidden>
      <a id="jobs-first" class="button" href="/admin/jobs">
        ← First page
      </a>
      <a id="jobs-next" class="button" rel="next" href="/admin/jobs">
        Next →
      </a>
    </nav>
  </main>
);
