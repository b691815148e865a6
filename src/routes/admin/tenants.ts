import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { patchTenant } from "../../services/admin/tenant-patch";
import { getOperatorTenantView } from "../../services/admin/tenant-view";
import { listTenants } from "../../services/admin/tenant-list";
import { enqueue } from "../../services/outbox";
import { limitField } from "../fields";
import { createRoute, errors, jsonBody, ok, openApiRouter, security } from "../openapi";
import { TenantListItem, TenantView } from "./shapes";

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

const tags = ["Operator"];

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Tenants, newest first (search, status, plan, paging)",
  security: security.admin,
  request: { query: listQuery },
  responses: { 200: ok(z.array(TenantListItem)), ...errors(400, 401, 404) },
});

/** Plain `:id` (not idParam): an over-long id was always simply not found here. */
const tenantPath = z.object({ id: z.string() });

const view = createRoute({
  method: "get",
  path: "/{id}",
  tags,
  summary: "The tenant's operator view",
  security: security.admin,
  request: { params: tenantPath },
  responses: { 200: ok(TenantView), ...errors(401, 404) },
});

const patch = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  summary: "Suspend, restore, change plan or trial (audited; the reason is required)",
  security: security.admin,
  request: { params: tenantPath, body: jsonBody(patchBody) },
  responses: { 200: ok(TenantView), ...errors(400, 401, 404, 409) },
});

/** The service's view, typed by the response schema (a field added to one must be added to the other). */
const operatorView = (db: AdminEnv["Variables"]["db"], id: string): Promise<z.infer<typeof TenantView>> => getOperatorTenantView(db, id);

/** Super-admin routes (requireAdmin applied in ./index.ts). */
export const tenantsRoutes = openApiRouter<AdminEnv>()
  .openapi(list, async (c) => c.json({ data: await listTenants(c.var.db, c.req.valid("query"), c.var.now) }, 200))
  .openapi(view, async (c) => c.json({ data: await operatorView(c.var.db, c.req.valid("param").id) }, 200))
  .openapi(patch, async (c) => {
    const id = c.req.valid("param").id;
    const pointers = await patchTenant(c.var.db, id, c.req.valid("json"), c.var.auth.adminId, c.var.now);
    c.executionCtx.waitUntil(enqueue(c.env.EMAIL_QUEUE, pointers));
    return c.json({ data: await operatorView(c.var.db, id) }, 200);
  });
