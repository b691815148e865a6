import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { requestPasswordReset, resetPassword } from "../../services/auth/password-reset";
import { enqueueEmails } from "../../services/outbox";
import { authCtx } from "./context";
import { newPasswordField } from "./fields";

// A malformed address cannot be registered, so it gets the same answer as an unknown one.
const forgotBody = z.object({ email: z.string({ error: "E-mail is required" }).trim().toLowerCase().min(1).max(254) });
const resetBody = z
  .object({ token: z.string({ error: "Token is required" }).trim().min(1, "Token is required").max(200), password: newPasswordField })
  .strict();

export const passwordResetRoutes = new Hono<AppEnv>()
  /** Always 200 `{ sent: true }`: the answer never tells whether the e-mail is registered. */
  .post("/forgot-password", validate("json", forgotBody), async (c) => {
    const base = c.var.config.PUBLIC_BASE_URL ?? new URL(c.req.url).origin;
    const outboxId = await requestPasswordReset(authCtx(c), c.req.valid("json").email, base);
    if (outboxId) c.executionCtx.waitUntil(enqueueEmails(c.env, [outboxId]));
    return c.json({ data: { sent: true } });
  })
  /** Single use, 1 h; success revokes every session of the account. */
  .post("/reset-password", validate("json", resetBody), async (c) => {
    const { token, password } = c.req.valid("json");
    await resetPassword(authCtx(c), token, password);
    return c.json({ data: { reset: true } });
  });
