import { Hono } from "hono";
import { z } from "zod";
import type { AdminEnv } from "../../env";
import { validate } from "../../lib/validate";
import { limitField } from "../fields";
import { patchTenant } from "../../services/admin/tenant-patch";
import { getOperatorTenantView } from "../../services/admin/tenant-view";
import { listTenants } from "../../services/admin/tenant-list";
import { enqueueEmails } from "../../services/outbox";

/** Super-admin routes (requireAdmin applied in ./index.ts). */
export const tenantsRoutes = new Hono<AdminEnv>();

const listQuery = z
  .object({
    search: z.string().trim().max(200).optional(),
    status: z.enum(["active", "suspended", "trial"]).optional(),
    plan: z.enum(["free", "pro", "enterprise"]).optional(),
    limit: limitField,
    // Paging (the console's tenants list): skip this many of the newest-first list.
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

tenantsRoutes.get("/", validate("query", listQuery), async (c) => {
  const data = await listTenants(c.var.db, c.req.valid("query"), c.var.now);
  return c.json({ data });
});

tenantsRoutes.get("/:id", async (c) => {
  const data = await getOperatorTenantView(c.var.db, c.req.param("id"));
  return c.json({ data });
});

const isoInstant = z
  .string()
  .refine((s) => !Number.isNaN(new Date(s).getTime()) && /^\d{4}-\d{2}-\d{2}/.test(s), "Must be an ISO-8601 date-time")
  .transform((s) => new Date(s).toISOString());

const patchBody = z
  .object({
    isSuspended: z.boolean().optional(),
    suspendedReason: z.string().max(500).nullable().optional(),
    plan: z.enum(["free", "pro", "enterprise"]).optional(),
    trialEndsAt: isoInstant.nullable().optional(),
    reason: z
      .string()
      .max(500)
      .refine((s) => s.trim().length > 0, "Required"),
  })
  .strict()
  .refine((b) => b.isSuspended !== undefined || b.suspendedReason !== undefined || b.plan !== undefined || b.trialEndsAt !== undefined, {
    message: "Give at least one of isSuspended, suspendedReason, plan, trialEndsAt",
  });

tenantsRoutes.patch("/:id", validate("json", patchBody), async (c) => {
  const id = c.req.param("id");
  const emailIds = await patchTenant(c.var.db, id, c.req.valid("json"), c.var.auth.adminId, c.var.now);
  if (emailIds.length) c.executionCtx.waitUntil(enqueueEmails(c.env, emailIds));
  const data = await getOperatorTenantView(c.var.db, id);
  return c.json({ data });
});
