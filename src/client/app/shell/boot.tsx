import type { Child } from "hono/jsx";
import { render } from "hono/jsx/dom";
import { keepSessionFresh, setAppPage } from "./api";
import { AssistantLauncher } from "./assistant";
import { AccountBar, ImpersonationBanner, RateLimitNotice } from "./chrome";
import { loadWords, t } from "./i18n";
import { currentAuth, toSignIn } from "./session";

/**
 * Starts one owner-app page: the server rendered its frame (navigation, heading, empty slots) and
 * loads this page's module; this checks the session, fills the account bar (or the operator's
 * banner), keeps the token fresh and renders the page into #app-root.
 */
export function startPage(path: string, Page: () => Child): void {
  // design.md §30: the member's language is in place before anything renders.
  void loadWords().then(() => start(path, Page));
}

function start(path: string, Page: () => Child): void {
  setAppPage(path);
  const auth = currentAuth();
  if (!auth) {
    toSignIn(path === "/app" ? "" : t("session.signIn"));
    return;
  }
  const slot = (id: string) => document.getElementById(id);
  const notice = slot("app-notice");
  if (notice) render(<RateLimitNotice />, notice);

  if (auth.kind === "impersonation") {
    document.body.classList.add("read-only");
    const banner = slot("app-banner");
    if (banner) {
      banner.hidden = false;
      render(<ImpersonationBanner imp={auth.imp} />, banner);
    }
  } else {
    const account = slot("app-account");
    if (account) render(<AccountBar session={auth.session} />, account);
    keepSessionFresh();
    if (!auth.session.tenantId) {
      const root = slot("app-root");
      if (root)
        render(
          <div class="empty">
            <p class="empty-title">{t("session.noBusiness")}</p>
            <p class="muted">{t("session.noBusinessHint")}</p>
          </div>,
          root,
        );
      return;
    }
  }
  const assistant = slot("app-assistant");
  if (assistant && document.body.dataset.assistant === "on")
    render(<AssistantLauncher readOnly={auth.kind === "impersonation"} />, assistant);
  const root = slot("app-root");
  if (root) render(<Page />, root);
}
