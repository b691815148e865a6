import type { AdminRow } from "../../services/auth/admin";
import type { CustomerRow, CustomerSignIn } from "../../services/auth/customer";
import type { OwnerSignIn } from "../../services/auth/owner";

/** interface.md §"Login results": user.role is the user record's role, not the membership's. */
export function toOwnerLoginResult(r: OwnerSignIn) {
  return {
    token: r.token,
    sessionId: r.sessionId,
    user: { id: r.user.id, email: r.user.email, firstName: r.user.firstName, lastName: r.user.lastName, role: r.user.role },
    memberships: r.memberships.map((m) => ({ tenantId: m.tenantId, role: m.role, slug: m.slug, businessName: m.businessName })),
  };
}

/** The customer profile: the login result's `customer` and GET /api/me. */
export function toCustomerProfile(c: CustomerRow) {
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

export function toCustomerLoginResult(r: CustomerSignIn) {
  return { token: r.token, sessionId: r.sessionId, customer: toCustomerProfile(r.customer) };
}

export function toAdminLoginResult(r: { token: string; sessionId: string; admin: AdminRow }) {
  return { token: r.token, sessionId: r.sessionId, admin: { id: r.admin.id, email: r.admin.email, name: r.admin.name } };
}
