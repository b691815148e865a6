import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import type { Services } from "../../services/context";
import { requestPasswordReset, resetPassword } from "../../services/auth/password-reset";
import { requestUserPasswordReset, resetUserPassword } from "../../services/auth/user-password";
import { newPasswordField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

const Sent = z.object({ sent: z.literal(true) });
const Reset = z.object({ reset: z.literal(true) });

// A malformed address cannot be registered, so it gets the same answer as an unknown one.
export const forgotBody = z.object({ email: z.string({ error: "E-mail is required" }).trim().toLowerCase().min(1).max(254) });
export const resetBody = z
  .object({ token: z.string({ error: "Token is required" }).trim().min(1, "Token is required").max(200), password: newPasswordField })
  .strict();

const forgot = (tag: string, who: string) =>
  routeGroup({ tags: [tag], security: security.none }).post(
    "/forgot-password",
    `E-mails a 1-hour reset link to ${who}; always { sent: true }, whether or not the address has an account`,
    { body: forgotBody, ok: Sent, errors: [400, 429, 503] },
  );

const reset = (tag: string, what: string) =>
  routeGroup({ tags: [tag], security: security.none }).post(
    "/reset-password",
    `Sets a new password with ${what} (single use); every session of the account is revoked`,
    { body: resetBody, ok: Reset, errors: [400] },
  );

/** What one kind of account does for its forgot/reset pair (customers, owner/staff); the routes are alike. */
type ResetActions = {
  request: (s: Services, email: string, acceptLanguage: string | undefined) => Promise<unknown>;
  reset: (s: Services, token: string, password: string) => Promise<unknown>;
};

function passwordResetPair(tag: string, words: { forgot: string; reset: string }, a: ResetActions) {
  return openApiRouter<AppEnv>()
    .openapi(forgot(tag, words.forgot), async (c) => {
      await a.request(c.var.services, c.req.valid("json").email, c.req.header("Accept-Language"));
      return c.json({ data: { sent: true as const } }, 200);
    })
    .openapi(reset(tag, words.reset), async (c) => {
      const { token, password } = c.req.valid("json");
      await a.reset(c.var.services, token, password);
      return c.json({ data: { reset: true as const } }, 200);
    });
}

/**
 * /api/customer-auth forgot/reset. The link's base is PUBLIC_BASE_URL, never the request's Host
 * (design.md §18): a custom domain pointed at the platform must not receive someone's reset link.
 */
export const passwordResetRoutes = passwordResetPair(
  "Customer auth",
  { forgot: "a customer account", reset: "a customer reset link" },
  { request: requestPasswordReset, reset: resetPassword },
);

/**
 * /api/auth forgot/reset for owner/staff accounts, alike (rate limit group rl:auth-forgot on forgot).
 * The reset takes a reset link (1 h) or a member's invite link (7 days); single use; revokes every session of the user.
 */
export const userPasswordResetRoutes = passwordResetPair(
  "Auth",
  { forgot: "an owner/staff account", reset: "a reset link (1 h) or a member's invitation (7 days)" },
  { request: requestUserPasswordReset, reset: resetUserPassword },
);
