// Who is calling, as the auth middleware (src/middleware/auth.ts) establishes it. Each caller
// group's Hono env (src/env.ts) carries exactly one of these as `c.var.auth`, so a handler reads
// its caller's fields without a cast or a runtime check.

export type MemberRole = "owner" | "admin" | "staff";

/** An owner-audience token (owner, admin or staff of the token's business), possibly impersonated. */
export type OwnerAuth = {
  kind: "owner";
  userId: string;
  sessionId: string;
  tenantId: string;
  role: MemberRole;
  impersonation?: { adminId: string; sessionId: string };
};

/** A customer token (aud customer): one global account across businesses. */
export type CustomerAuth = { kind: "customer"; customerId: string; sessionId: string };

/** A platform operator (aud super_admin). */
export type AdminAuth = { kind: "admin"; adminId: string; sessionId: string; email: string; name: string };

/** No usable customer token on a route where one is optional (public booking creation). */
export type AnonymousAuth = { kind: "anonymous" };
