import { z } from "@hono/zod-openapi";
import type { AdminRow } from "../../services/auth/admin";
import type { CustomerRow, CustomerSignIn } from "../../services/auth/customer";
import type { OwnerSignIn } from "../../services/auth/owner";
import { MEMBER_ROLES } from "../../shared/member-roles";

// Response schemas of the sign-in routes and /api/me; each mapper is typed by its schema, so the
// document and the answer cannot drift apart.

export const OwnerLoginResult = z
  .object({
    token: z.string(),
    sessionId: z.string(),
    user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), role: z.string() }),
    memberships: z.array(z.object({ tenantId: z.string(), role: z.enum(MEMBER_ROLES), slug: z.string(), businessName: z.string() })),
  })
  .openapi("OwnerLoginResult");

/** interface.md §"Login results": user.role is the user record's role, not the membership's. */
export function toOwnerLoginResult(r: OwnerSignIn): z.infer<typeof OwnerLoginResult> {
  return {
    token: r.token,
    sessionId: r.sessionId,
    user: { id: r.user.id, email: r.user.email, firstName: r.user.firstName, lastName: r.user.lastName, role: r.user.role },
    memberships: r.memberships.map((m) => ({ tenantId: m.tenantId, role: m.role, slug: m.slug, businessName: m.businessName })),
  };
}

export const CustomerProfile = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    defaultTimezone: z.string(),
    emailVerified: z.boolean(),
    marketingOptIn: z.boolean(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  })
  .openapi("CustomerProfile");

/** The customer profile: the login result's `customer` and GET /api/me. */
export function toCustomerProfile(c: CustomerRow): z.infer<typeof CustomerProfile> {
  return {
    id: c.id,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone,
    defaultTimezone: c.defaultTimezone,
    emailVerified: Boolean(c.emailVerified),
    marketingOptIn: Boolean(c.marketingOptIn),
    createdAt: c.createdAt,
    lastLoginAt: c.lastLoginAt ?? null,
  };
}

export const CustomerLoginResult = z
  .object({ token: z.string(), sessionId: z.string(), customer: CustomerProfile })
  .openapi("CustomerLoginResult");

export function toCustomerLoginResult(r: CustomerSignIn): z.infer<typeof CustomerLoginResult> {
  return { token: r.token, sessionId: r.sessionId, customer: toCustomerProfile(r.customer) };
}

export const AdminLoginResult = z
  .object({ token: z.string(), sessionId: z.string(), admin: z.object({ id: z.string(), email: z.string(), name: z.string() }) })
  .openapi("AdminLoginResult");

export function toAdminLoginResult(r: { token: string; sessionId: string; admin: AdminRow }): z.infer<typeof AdminLoginResult> {
  return { token: r.token, sessionId: r.sessionId, admin: { id: r.admin.id, email: r.admin.email, name: r.admin.name } };
}
