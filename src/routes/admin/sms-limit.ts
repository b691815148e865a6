import { z } from "@hono/zod-openapi";
import { MAX_SMS_LIMIT } from "../../domain/sms/limits";
import type { AdminEnv } from "../../env";
import { setSmsLimit } from "../../services/sms/usage";
import { lookupIdParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

const body = z
  .object({
    limit: z
      .number({ error: "limit must be a whole number, or null for the plan's limit" })
      .int("limit must be a whole number")
      .min(0, "limit must be at least 0")
      .max(MAX_SMS_LIMIT, `limit must be at most ${MAX_SMS_LIMIT}`)
      .nullable()
      .openapi({ description: "Texts a month; null = the plan's (free 0, pro 500, enterprise 5,000)" }),
    reason: z.string({ error: "reason is required" }).trim().min(1, "reason is required").max(500, "reason must be at most 500 characters"),
  })
  .strict();

export const SmsLimit = z
  .object({
    limit: z.number().int().openapi({ description: "The business's monthly limit in force (texts, not segments)" }),
    usedThisMonth: z.number().int().openapi({ description: "Texts counted in the business's current local month" }),
  })
  .openapi("SmsLimit");

const route = routeGroup({ tags: ["Operator"], security: security.admin });
const setLimit = route.put(
  "/tenants/{id}/sms-limit",
  "Sets the tenant's monthly text limit (audited tenant.sms_limit_changed); a plan change never resets what was used",
  { params: lookupIdParam, body, ok: SmsLimit, errors: [400, 401, 404, 409] },
);

/** PUT /api/admin/tenants/:id/sms-limit (design.md §27; requireAdmin is applied to /tenants/* in ./index.ts). */
export const smsLimitRoute = openApiRouter<AdminEnv>().openapi(setLimit, async (c) => {
  const { limit, reason } = c.req.valid("json");
  const usage = await setSmsLimit(
    c.var.services.db,
    { tenantId: c.req.valid("param").id, limit, reason, adminId: c.var.auth.adminId },
    c.var.services.now,
  );
  return c.json({ data: { limit: usage.limit, usedThisMonth: usage.usedThisMonth } }, 200);
});
