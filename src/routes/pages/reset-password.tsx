import { type Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { type ResetLink, resetThroughLink, resolveResetLink } from "../../services/auth/reset-link";
import { newPasswordField } from "../fields";
import { pagesLanguage } from "../../shared/i18n/pages";
import { MessagePage, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";

/**
 * `/reset-password?token=` (design.md §18): the page every reset and invitation e-mail links to,
 * for customer and owner/staff accounts alike. A plain HTML form posting to this same URL: no
 * script at all (CSP `script-src 'self'`, `form-action 'self'`), `Referrer-Policy: no-referrer`
 * and `no-store` (setPageHeaders' `secret`), so the token in the address leaks nowhere. The token
 * travels in the POST body, not the form's action. There is no CSRF surface: the secret token in
 * the body is the only authority.
 */
export const resetPasswordPageRoutes = new Hono<AppEnv>();

type FormState = { link: ResetLink; token: string; errors?: { password?: string; confirm?: string } };

const isInvite = (link: ResetLink) => link.kind === "user" && link.purpose === "invite";

/**
 * The visitor's language (design.md §30): Accept-Language among every supported locale, since the
 * link serves customers and members of any business alike; English when nothing matches.
 */
const wordsOf = (c: Context<AppEnv>) => pagesLanguage(c.req.header("Accept-Language"));

async function page(c: Context<AppEnv>, title: string, heading: string, body: Child, status: 200 | 400 = 200) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce, secret: true });
  c.header("Vary", "Accept-Language", { append: true });
  const { locale, t } = wordsOf(c);
  return c.html(
    await renderPage(
      <MessagePage title={title} heading={heading} nonce={nonce} lang={locale} skipLabel={t("page.skip")}>
        {body}
      </MessagePage>,
    ),
    status,
  );
}

/** One of the form's two password inputs (the new one, then again): its rules, hint and server-side error. */
function NewPasswordField(p: { id: "password" | "confirm"; label: string; hint?: string; error?: string }) {
  return (
    <div class="field">
      <label for={p.id}>{p.label}</label>
      <input
        id={p.id}
        name={p.id}
        type="password"
        autocomplete="new-password"
        required
        minlength={8}
        maxlength={256}
        {...(p.hint ? { "aria-describedby": `${p.id}-hint` } : {})}
        {...(p.error ? { "aria-invalid": "true" } : {})}
      />
      {p.hint ? (
        <p id={`${p.id}-hint`} class="muted small">
          {p.hint}
        </p>
      ) : null}
      {p.error ? <p class="field-error">{p.error}</p> : null}
    </div>
  );
}

function formPage(c: Context<AppEnv>, s: FormState, status: 200 | 400 = 200) {
  const e = s.errors ?? {};
  const { t } = wordsOf(c);
  const heading = t(isInvite(s.link) ? "reset.chooseYour" : "reset.chooseNew");
  return page(
    c,
    heading,
    heading,
    <>
      <p>{t(isInvite(s.link) ? "reset.inviteIntro" : "reset.resetIntro")}</p>
      {status === 400 ? (
        <p class="error" role="alert">
          {t("reset.correct")}
        </p>
      ) : null}
      <form method="post" action="/reset-password">
        <input type="hidden" name="token" value={s.token} />
        <NewPasswordField id="password" label={t("reset.newPassword")} hint={t("reset.hint")} error={e.password} />
        <NewPasswordField id="confirm" label={t("reset.repeat")} error={e.confirm} />
        <button type="submit" class="primary">
          {t("reset.save")}
        </button>
      </form>
    </>,
    status,
  );
}

function invalidLinkPage(c: Context<AppEnv>, incomplete = false) {
  const { t } = wordsOf(c);
  return page(
    c,
    t("reset.invalidTitle"),
    t(incomplete ? "reset.incompleteHeading" : "reset.expiredHeading"),
    <>
      <p class="error" role="alert">
        {t(incomplete ? "reset.incomplete" : "reset.expired")}
      </p>
      <p>{t("reset.askNew")}</p>
      <p>
        <a href="/">{t("reset.home")}</a>
      </p>
    </>,
    400,
  );
}

resetPasswordPageRoutes.get("/reset-password", async (c) => {
  const token = (c.req.query("token") ?? "").trim();
  if (!token) return invalidLinkPage(c, true);
  const link = await resolveResetLink(c.var.services, token);
  if (!link) return invalidLinkPage(c);
  return formPage(c, { link, token });
});

resetPasswordPageRoutes.post("/reset-password", async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const token = field("token").trim();
  if (!token) return invalidLinkPage(c, true);
  const password = field("password");
  const errors: FormState["errors"] = {};
  const { t } = wordsOf(c);
  if (!newPasswordField.safeParse(password).success) {
    const problem = password.length === 0 ? "missing" : password.length < 8 ? "short" : "long";
    errors.password = t("reset.passwordProblem", { problem });
  } else if (field("confirm") !== password) errors.confirm = t("reset.mismatch");
  if (errors.password || errors.confirm) {
    const link = await resolveResetLink(c.var.services, token);
    if (!link) return invalidLinkPage(c);
    return formPage(c, { link, token, errors }, 400);
  }
  try {
    const link = await resetThroughLink(c.var.services, token, password);
    return page(
      c,
      t("reset.savedTitle"),
      t("reset.savedHeading"),
      <>
        <p class="success" role="status">
          {t(isInvite(link) ? "reset.inviteDone" : "reset.resetDone")}
        </p>
        <p>
          <a href="/">{t("reset.home")}</a>
        </p>
      </>,
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === "invalid_request") return invalidLinkPage(c);
    throw err;
  }
});
