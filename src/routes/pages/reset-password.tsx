import { type Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { type ResetLink, resetThroughLink, resolveResetLink } from "../../services/auth/reset-link";
import { newPasswordField } from "../fields";
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

const headingOf = (link: ResetLink) =>
  link.kind === "user" && link.purpose === "invite" ? "Choose your password" : "Choose a new password";

async function page(c: Context<AppEnv>, title: string, heading: string, body: Child, status: 200 | 400 = 200) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce, secret: true });
  return c.html(
    await renderPage(
      <MessagePage title={title} heading={heading} nonce={nonce}>
        {body}
      </MessagePage>,
    ),
    status,
  );
}

function formPage(c: Context<AppEnv>, s: FormState, status: 200 | 400 = 200) {
  const e = s.errors ?? {};
  return page(
    c,
    headingOf(s.link),
    headingOf(s.link),
    <>
      <p>
        {s.link.kind === "user" && s.link.purpose === "invite"
          ? "Choose the password you will sign in with."
          : "Enter a new password for your account. Every device signed in to it will be signed out."}
      </p>
      {status === 400 ? (
        <p class="error" role="alert">
          Please correct the fields below.
        </p>
      ) : null}
      <form method="post" action="/reset-password">
        <input type="hidden" name="token" value={s.token} />
        <div class="field">
          <label for="password">New password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="new-password"
            required
            minlength={8}
            maxlength={256}
            aria-describedby="password-hint"
            {...(e.password ? { "aria-invalid": "true" } : {})}
          />
          <p id="password-hint" class="muted small">
            At least 8 characters.
          </p>
          {e.password ? <p class="field-error">{e.password}</p> : null}
        </div>
        <div class="field">
          <label for="confirm">Repeat the new password</label>
          <input
            id="confirm"
            name="confirm"
            type="password"
            autocomplete="new-password"
            required
            minlength={8}
            maxlength={256}
            {...(e.confirm ? { "aria-invalid": "true" } : {})}
          />
          {e.confirm ? <p class="field-error">{e.confirm}</p> : null}
        </div>
        <button type="submit" class="primary">
          Save password
        </button>
      </form>
    </>,
    status,
  );
}

function invalidLinkPage(c: Context<AppEnv>, incomplete = false) {
  return page(
    c,
    "Link not valid",
    incomplete ? "This link is incomplete" : "This link no longer works",
    <>
      <p class="error" role="alert">
        {incomplete
          ? "The address is missing its code. Open the link from your e-mail again, in full."
          : "The link is invalid, has already been used, or has expired (reset links last one hour, invitations seven days)."}
      </p>
      <p>Ask for a new link from the sign-in page ("Forgot your password?"), or ask the business that invited you to add you again.</p>
      <p>
        <a href="/">Go to the start page</a>
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
  const checked = newPasswordField.safeParse(password);
  if (!checked.success) errors.password = checked.error.issues[0]?.message ?? "Choose another password";
  else if (field("confirm") !== password) errors.confirm = "The two passwords are not the same";
  if (errors.password || errors.confirm) {
    const link = await resolveResetLink(c.var.services, token);
    if (!link) return invalidLinkPage(c);
    return formPage(c, { link, token, errors }, 400);
  }
  try {
    const link = await resetThroughLink(c.var.services, token, password);
    return page(
      c,
      "Password saved",
      "Your password is saved",
      <>
        <p class="success" role="status">
          {link.kind === "user" && link.purpose === "invite"
            ? "Your account is ready. Sign in with your e-mail address and this password."
            : "Sign in with your new password. Devices that were signed in have been signed out."}
        </p>
        <p>
          <a href="/">Go to the start page</a>
        </p>
      </>,
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === "invalid_request") return invalidLinkPage(c);
    throw err;
  }
});
