import { type Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../../env";
import { APP_PAGES, type AppPage } from "../../shared/app-pages";
import { SETTINGS_PATH, SETTINGS_SECTIONS, settingsSectionPath, settingsTitle } from "../../shared/settings-sections";
import { aiAvailable } from "../ai/provider";
import { appMessagesUrls, ASSET_URLS, ownerPageAssets } from "./asset-urls";
import { Document, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";

/**
 * The owner back office (design.md §15): data-free page frames. The member's token lives in the
 * browser (localStorage; an operator's impersonation in sessionStorage) and leaves it only as an
 * Authorization header from the page's script, so these pages need no auth, carry no record and
 * have no cookie-authenticated form (no CSRF surface), like the operator console.
 */

const WORDS = JSON.stringify(appMessagesUrls());

/**
 * The frames' words are English here, each marked with its catalog key (`data-w`, or `data-w-attr`
 * naming the attribute it fills): the app's script puts the member's language in before showing them.
 */
async function frame(
  c: Context<AppEnv>,
  page: AppPage | { path: string; title: string; script: "login" },
  body: Child,
  bodyClass: string,
  title: string = page.title,
  titleKey: string = page.script === "login" ? "login.title" : `nav.${page.script}`,
) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce });
  const assets = ownerPageAssets(page.script);
  const doc = (
    <Document
      title={`${title} · Front desk`}
      nonce={nonce}
      bodyClass={bodyClass}
      // design.md §20: without a model the assistant's routes answer 503; the app then hides it.
      // design.md §30: the app's script imports its member's language from these (src/client/app/shell/i18n.ts).
      data={{ page: page.script, assistant: aiAvailable(c) ? "on" : "off", words: WORDS, "title-key": titleKey }}
      styles={[ASSET_URLS.ownerCss]}
      modules={[assets.module]}
      preload={assets.preload}
    >
      {body}
    </Document>
  );
  return c.html(await renderPage(doc));
}

function AppFrame(p: { page: AppPage; title: string; titleKey?: string }) {
  return (
    <>
      <div
        id="app-banner"
        class="imp-banner"
        role="region"
        aria-label="Impersonation session"
        data-w="frame.impersonation"
        data-w-attr="aria-label"
        hidden
      ></div>
      <header class="app-bar">
        <div class="app-wrap bar">
          <a class="brand-link" href="/app" data-w="frame.brand">
            Front desk
          </a>
          <div id="app-assistant"></div>
          <div id="app-account"></div>
        </div>
      </header>
      <nav class="app-nav" aria-label="Pages" data-w="frame.pages" data-w-attr="aria-label">
        <ul class="app-wrap">
          {APP_PAGES.map((q) => (
            <li>
              <a href={q.path} aria-current={q.path === p.page.path ? "page" : undefined} data-w={`nav.${q.script}`}>
                {q.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" class="app-wrap app-main">
        <h1 data-w={p.titleKey}>{p.title}</h1>
        <div id="app-notice" aria-live="polite"></div>
        <div id="app-root">
          <p class="muted" data-loading="" data-w="frame.loading">
            Loading…
          </p>
        </div>
      </main>
    </>
  );
}

function LoginCard() {
  return (
    <main id="main" class="card">
      <p class="page-mark" data-w="frame.brand">
        Front desk
      </p>
      <h1 data-w="login.heading">Sign in to your business</h1>
      <div id="login-notice" class="notice" role="status" hidden></div>
      <form id="login-form" novalidate>
        <div class="field">
          <label for="login-email" data-w="login.email">
            E-mail
          </label>
          <input id="login-email" name="email" type="email" autocomplete="username" required />
        </div>
        <div class="field">
          <label for="login-password" data-w="login.password">
            Password
          </label>
          <input id="login-password" name="password" type="password" autocomplete="current-password" required />
        </div>
        <div id="login-error" class="error" role="alert" hidden></div>
        <button type="submit" class="primary" data-w="login.submit">
          Sign in
        </button>
      </form>
      <details class="forgot">
        <summary data-w="login.forgot">Forgot your password?</summary>
        <form id="forgot-form" novalidate>
          <p class="muted small" data-w="login.forgotHint">
            We will e-mail you a link to choose a new password.
          </p>
          <div class="field">
            <label for="forgot-email" data-w="login.forgotEmail">
              Your e-mail
            </label>
            <input id="forgot-email" name="email" type="email" autocomplete="email" required />
          </div>
          <p id="forgot-result" role="status"></p>
          <button type="submit" data-w="login.forgotSubmit">
            Send the link
          </button>
        </form>
      </details>
    </main>
  );
}

export const appPageRoutes = new Hono<AppEnv>();

appPageRoutes.get("/app/login", (c) =>
  frame(c, { path: "/app/login", title: "Sign in", script: "login" }, <LoginCard />, "centered app-login"),
);

for (const page of APP_PAGES) {
  const titleKey = `nav.${page.script}`;
  appPageRoutes.get(page.path, (c) => frame(c, page, <AppFrame page={page} title={page.title} titleKey={titleKey} />, "app"));
  // Each settings section is its own URL (deep links, reload) on the settings page's frame and
  // module, with Settings marked in the navigation; any other /app/settings/<x> is the HTML 404.
  if (page.path !== SETTINGS_PATH) continue;
  for (const section of SETTINGS_SECTIONS) {
    // The section's title in English; the app's script writes it in the member's language (set.sec.<slug>).
    const title = settingsTitle(section);
    appPageRoutes.get(settingsSectionPath(section.slug), (c) =>
      frame(c, page, <AppFrame page={page} title={page.title} titleKey={titleKey} />, "app", title, ""),
    );
  }
}
// A trailing slash is the same page.
appPageRoutes.get("/app/", (c) => c.redirect("/app", 301));
