import { type Context, Hono } from "hono";
import type { Child, FC } from "hono/jsx";
import type { AppEnv } from "../../env";
import { OPERATOR_SECTIONS, TENANT_SECTIONS } from "../../shared/console-sections";
import { TenantActions } from "./admin-actions";
import { FilterSelect, ResultsTable } from "./console-parts";
import { JobsPage } from "./admin-jobs";
import { ASSET_URLS } from "./asset-urls";
import { Document, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";

/**
 * Operator console shells. The operator's token lives in sessionStorage and goes out only as an
 * Authorization header from the console script (src/client/console/), so these pages carry no data and need no auth of
 * their own: there is no cookie, hence no cookie-authenticated form and no CSRF surface.
 */

const ConsoleHeader: FC<{ current?: "tenants" | "jobs" }> = (p) => (
  <header class="console-bar">
    <div class="wrap bar">
      <a class="brand-link" href="/admin/tenants">
        Operator console
      </a>
      <nav aria-label="Console" class="console-nav">
        <a href="/admin/tenants" aria-current={p.current === "tenants" ? "page" : undefined}>
          Tenants
        </a>
        <a href="/admin/jobs" aria-current={p.current === "jobs" ? "page" : undefined}>
          Jobs
        </a>
      </nav>
      <span id="signed-in-as" class="muted small"></span>
      <button type="button" id="sign-out" class="link-button" hidden>
        Sign out
      </button>
    </div>
  </header>
);

async function consolePage(
  c: Context<AppEnv>,
  title: string,
  page: string,
  body: () => Child,
  data: Record<string, string> = {},
  bodyClass = "console",
) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce });
  const doc = (
    <Document
      title={`${title} · Operator console`}
      nonce={nonce}
      bodyClass={bodyClass}
      data={{ page, ...data }}
      scripts={[ASSET_URLS.consoleJs]}
    >
      {body()}
    </Document>
  );
  return c.html(await renderPage(doc));
}

export const adminPageRoutes = new Hono<AppEnv>()
  .get("/admin", (c) =>
    consolePage(
      c,
      "Sign in",
      "login",
      () => (
        <main id="main" class="card">
          <p class="page-mark">Operator console</p>
          <h1>Operator sign-in</h1>
          <div id="login-notice" class="notice" role="status" hidden></div>
          <form id="login-form">
            <div class="field">
              <label for="login-email">E-mail</label>
              <input id="login-email" name="email" type="email" autocomplete="username" required />
            </div>
            <div class="field">
              <label for="login-password">Password</label>
              <input id="login-password" name="password" type="password" autocomplete="current-password" required />
            </div>
            <div id="login-error" class="error" role="alert" hidden></div>
            <button type="submit" class="primary">
              Sign in
            </button>
          </form>
        </main>
      ),
      {},
      "console centered",
    ),
  )
  .get("/admin/tenants", (c) =>
    consolePage(c, "Tenants", "tenants", () => (
      <>
        <ConsoleHeader current="tenants" />
        <main id="main" class="wrap">
          <h1>Tenants</h1>
          <form id="search-form" role="search" class="inline-form card search-card">
            <div class="field">
              <label for="search">Search by name, slug or e-mail</label>
              <input id="search" name="search" type="search" maxlength={200} />
            </div>
            <FilterSelect id="status" label="Status" options={{ active: "Active", suspended: "Suspended", trial: "Trial" }} />
            <FilterSelect id="plan" label="Plan" options={{ free: "Free", pro: "Pro", enterprise: "Enterprise" }} />
            <button type="submit">Search</button>
          </form>
          <p id="tenants-status" class="muted" role="status" aria-live="polite">
            Loading…
          </p>
          <ResultsTable
            id="tenants-table"
            caption="Tenants"
            columns={["Business", "Slug", "Plan", "Status", "Owner e-mail", "Created"]}
            bodyId="tenants-body"
          />
          <nav id="tenants-pager" class="pager" aria-label="Pages of tenants" hidden>
            <a id="pager-prev" class="button" rel="prev" href="/admin/tenants">
              ← Previous
            </a>
            <span id="pager-position" class="muted"></span>
            <a id="pager-next" class="button" rel="next" href="/admin/tenants">
              Next →
            </a>
          </nav>
        </main>
      </>
    )),
  )
  .get("/admin/jobs", (c) =>
    consolePage(c, "Jobs", "jobs", () => (
      <>
        <ConsoleHeader current="jobs" />
        <JobsPage />
      </>
    )),
  )
  .get("/admin/tenant", (c) => {
    const id = c.req.query("id") ?? "";
    return consolePage(
      c,
      "Tenant",
      "tenant",
      () => (
        <>
          <ConsoleHeader />
          <main id="main" class="wrap">
            <p>
              <a href="/admin/tenants">← All tenants</a>
            </p>
            <h1 id="tenant-title">Tenant</h1>
            <p id="tenant-status" class="muted" role="status" aria-live="polite">
              Loading…
            </p>
            <div id="tenant-error" class="error" role="alert" hidden></div>
            <TenantActions />
            {[...TENANT_SECTIONS, ...OPERATOR_SECTIONS].map(([key, label]) => (
              <section id={`section-${key}`} class="card" aria-labelledby={`section-${key}-heading`}>
                <h2 id={`section-${key}-heading`}>{label}</h2>
                <div class="section-body" data-section={key}>
                  <p class="muted">Loading…</p>
                </div>
              </section>
            ))}
          </main>
        </>
      ),
      { "tenant-id": id },
    );
  });
