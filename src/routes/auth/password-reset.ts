import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { linkBase } from "../../lib/links";
import { validate } from "../../lib/validate";
import { requestPasswordReset, resetPassword } from "../../services/auth/password-reset";
import { requestUserPasswordReset, resetUserPassword } from "../../services/auth/user-password";
import { enqueueEmails } from "../../services/outbox";
import { authCtx } from "./context";
import { newPasswordField } from "../fields";

// A malformed address cannot be registered, so it gets the same answer as an unknown one.
export const forgotBody = z.object({ email: z.string({ error: "E-mail is required" }).trim().toLowerCase().min(1).max(254) });
export const resetBody = z
  .object({ token: z.string({ error: "Token is required" }).trim().min(1, "Token is required").max(200), password: newPasswordField })
  .strict();

/**
 * /api/customer-auth forgot/reset. The link's base is PUBLIC_BASE_URL, never the request's Host
 * (design.md §18): a custom domain pointed at the platform must not receive someone's reset link.
 */
export const passwordResetRoutes = new Hono<AppEnv>()
  /** Always 200 `{ sent: true }`: the answer never tells whether the e-mail is registered. */
  .post("/forgot-password", validate("json", forgotBody), async (c) => {
    const outboxId = await requestPasswordReset(authCtx(c), c.req.valid("json").email, linkBase(c.var.config));
    if (outboxId) c.executionCtx.waitUntil(enqueueEmails(c.env, [outboxId]));
    return c.json({ data: { sent: true } });
  })
  /** Single use, 1 h; success revokes every session of the account. */
  .post("/reset-password", validate("json", resetBody), async (c) => {
    const { token, password } = c.req.valid("json");
    await resetPassword(authCtx(c), token, password);
    return c.json({ data: { reset: true } });
  });

/** /api/auth forgot/reset for owner/staff accounts, alike (rate limit group rl:auth-forgot on forgot). */
export const userPasswordResetRoutes = new Hono<AppEnv>()
  .post("/forgot-password", validate("json", forgotBody), async (c) => {
    const outboxId = await requestUserPasswordReset(authCtx(c), c.req.valid("json").email, linkBase(c.var.config));
    if (outboxId) c.executionCtx.waitUntil(enqueueEmails(c.env, [outboxId]));
    return c.json({ data: { sent: true } });
  })
  /** A reset link (1 h) or a member's invite link (7 days); single use; revokes every session of the user. */
  .post("/reset-password", validate("json", resetBody), async (c) => {
    const { token, password } = c.req.valid("json");
    await resetUserPassword(authCtx(c), token, password);
    return c.json({ data: { reset: true } });
  });
