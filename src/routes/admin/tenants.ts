import { z } from "@hono/zod-openapi";
import type { Db } from "../../db/client";
import type { AdminEnv } from "../../env";
import { patchTenant } from "../../services/admin/tenant-patch";
import { getOperatorTenantView } from "../../services/admin/tenant-view";
import { listTenants } from "../../services/admin/tenant-list";
import { limitField, lookupIdParam, offsetField, searchField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

export const TenantView = z
  .object({
    id: z.string(),
    slug: z.string(),
    businessName: z.string(),
    businessType: z.string(),
    email: z.string(),
    phone: z.string(),
    plan: z.string(),
    planStatus: z.string(),
    isActive: z.boolean(),
    isSuspended: z.boolean(),
    suspendedReason: z.string().nullable(),
    suspendedAt: z.string().nullable(),
    trialEndsAt: z.string().nullable(),
    createdAt: z.string(),
    customDomain: z.string().nullable(),
    widgetColor: z.string(),
    description: z.string(),
    addressLine1: z.string(),
    city: z.string(),
    country: z.string(),
    users: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        role: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        isActive: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    counts: z.object({ bookings: z.number().int(), customers: z.number().int(), services: z.number().int(), staff: z.number().int() }),
    recentBookings: z.array(
      z.object({ id: z.string(), startDatetime: z.string(), status: z.string(), totalAmount: z.number().int(), currency: z.string() }),
    ),
    audit: z.array(
      z.object({
        id: z.string(),
        action: z.string(),
        actorId: z.string(),
        targetId: z.string(),
        reason: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi("TenantOperatorView");

export const TenantListItem = z
  .object({
    id: z.string(),
    slug: z.string(),
    businessName: z.string(),
    plan: z.string(),
    planStatus: z.string(),
    isActive: z.boolean(),
    isSuspended: z.boolean(),
    trialEndsAt: z.string().nullable(),
    createdAt: z.string(),
    ownerEmail: z.string().nullable(),
  })
  .openapi("TenantListItem");

const listQuery = z
  .object({
    search: searchField.optional(),
    status: z.enum(["active", "suspended", "trial"]).optional(),
    plan: z.enum(["free", "pro", "enterprise"]).optional(),
    limit: limitField,
    // Paging (the console's tenants list): skip this many of the newest-first list.
    offset: offsetField(1_000_000),
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

const route = routeGroup({ tags, security: security.admin });
const list = route.get("/", "Tenants, newest first (search, status, plan, paging)", {
  query: listQuery,
  ok: z.array(TenantListItem),
  errors: [400, 401, 404],
});

/** Plain `:id` (not idParam): an over-long id was always simply not found here. */

const view = route.get("/{id}", "The tenant's operator view", { params: lookupIdParam, ok: TenantView, errors: [401, 404] });

const patch = route.patch("/{id}", "Suspend, restore, change plan or trial (audited; the reason is required)", {
  params: lookupIdParam,
  body: patchBody,
  ok: TenantView,
  errors: [400, 401, 404, 409],
});

/** The service's view, typed by the response schema (a field added to one must be added to the other). */
const operatorView = (db: Db, id: string): Promise<z.infer<typeof TenantView>> => getOperatorTenantView(db, id);

/** Super-admin routes (requireAdmin applied in ./index.ts). */
export const tenantsRoutes = openApiRouter<AdminEnv>()
  .openapi(list, async (c) => c.json({ data: await listTenants(c.var.services.db, c.req.valid("query"), c.var.services.now) }, 200))
  .openapi(view, async (c) => c.json({ data: await operatorView(c.var.services.db, c.req.valid("param").id) }, 200))
  .openapi(patch, async (c) => {
    const id = c.req.valid("param").id;
    await patchTenant(c.var.services, id, c.req.valid("json"), c.var.auth.adminId);
    return c.json({ data: await operatorView(c.var.services.db, id) }, 200);
  });
