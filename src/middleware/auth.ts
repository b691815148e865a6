import { sql } from "drizzle-orm";
import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import { guardDb } from "../db/guard";
import type { ApiKeyAuth, MemberAuth, MemberRole, OwnerAuth } from "../auth-context";
import { prepared } from "../db/prepared";
import type { AdminEnv, CustomerEnv, GuestEnv, MemberEnv, OwnerEnv, RequestScope } from "../env";
import { ApiError } from "../errors";
import { DEFAULT_LOCALE, supportedLocale } from "../shared/i18n/locales";
import { bearerCredential, bearerToken, verifyToken } from "../lib/jwt";
import { parseApiKey } from "../services/api-keys";
import { auditInsert } from "../services/audit";
import { batch } from "../services/batch";
import { rememberZone } from "../services/tenant-zones";
import { MEMBER_ROLES } from "../shared/member-roles";
import { withApiKey } from "./api-key";

const unauthorized = () => new ApiError("unauthorized");

/**
 * The owner app names the page a request belongs to (`X-App-Page: /app/calendar`), so an
 * impersonation audit row says which page the operator opened (design.md §15); anything else in
 * the header is ignored and the row names the request instead (`GET /api/...`).
 */
const APP_PAGE = /^\/app(?:\/[a-z0-9-]{1,40}){0,2}$/;
export function appPageOf(header: string | undefined): string | null {
  return header && APP_PAGE.test(header) ? header : null;
}
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type MemberRow = { tenantId: string; timezone: string; locale: string; role: string | null; memberActive: number | null };

/**
 * The tenant and the caller's membership in it, one statement on every owner request, prepared once
 * per isolate (src/db/prepared.ts): Drizzle's select builder rendered it on each (issue #42).
 */
const memberLookup = prepared<{ tenantId: string; userId: string }>(
  (p) => sql`SELECT t.id AS tenantId, t.timezone, COALESCE(m.locale, t.locale) AS locale, m.role, m.is_active AS memberActive
    FROM tenants t LEFT JOIN tenant_members m ON m.tenant_id = t.id AND m.user_id = ${p.userId}
    WHERE t.id = ${p.tenantId}`,
);

async function claimsFrom(c: RequestScope) {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) return null;
  return verifyToken(c.var.services.config.JWT_SECRET, token, c.var.services.now);
}

/** A member's owner-audience token (no `aud`) naming its business; 401/403 otherwise, before any round trip. */
async function memberClaims(c: RequestScope) {
  const claims = await claimsFrom(c);
  if (!claims || claims.aud !== undefined) throw unauthorized();
  const tenantId = claims.tenantId;
  if (!tenantId) throw new ApiError("tenant required");
  return { ...claims, tenantId };
}

/** The answer to a token whose membership row is missing or inactive. */
function membershipRefusal(row: { role: string | null; memberActive: unknown } | undefined): ApiError | null {
  if (!row) return new ApiError("tenant not found");
  if (!row.role || !row.memberActive) return new ApiError("tenant required");
  return null;
}

/**
 * A member's owner-audience token: tokens without `aud` only. The tenant and membership are read fresh (one
 * round trip), so a revoked membership or a vanished tenant stops access before the token expires.
 * Impersonation tokens are audited here, one row per request in that same round trip (the audit
 * INSERT first, then the read), and any write with them is refused after it has been recorded.
 */
export async function ownerAuthFrom(c: RequestScope): Promise<MemberAuth> {
  const claims = await memberClaims(c);
  const tenantId = claims.tenantId;
  const impersonation = claims.imp;

  const db = c.var.services.db;
  const lookup = memberLookup.all(db, { tenantId, userId: claims.sub }, (r: MemberRow) => ({
    tenantId: r.tenantId,
    timezone: r.timezone,
    locale: supportedLocale(r.locale) ?? DEFAULT_LOCALE,
    role: r.role,
    memberActive: r.memberActive === null ? null : r.memberActive === 1,
  }));

  let rows: Awaited<typeof lookup>;
  if (impersonation) {
    const url = new URL(c.req.url);
    const page = appPageOf(c.req.header("X-App-Page")) ?? `${c.req.method} ${url.pathname}`;
    // Only for this admin's session on this tenant; the reason is copied from the session row
    // inside the insert: no extra round trip.
    const session = sql`FROM impersonation_sessions s
      WHERE s.id = ${impersonation.sessionId} AND s.admin_id = ${impersonation.adminId} AND s.tenant_id = ${tenantId}`;
    const audit = auditInsert(
      db,
      {
        action: "admin.tenant.impersonate",
        actorType: "admin",
        actorId: impersonation.adminId,
        targetType: "tenant",
        targetId: tenantId,
        reason: sql`(SELECT s.reason ${session})`,
        metadata: { sessionId: impersonation.sessionId, page, method: c.req.method, path: url.pathname },
      },
      c.var.services.now,
      sql`EXISTS (SELECT 1 ${session})`,
    );
    // Write first: a transaction that starts with a read cannot take the write lock once another
    // writer has committed after its snapshot (SQLITE_BUSY_SNAPSHOT, no waiting), so under write
    // contention read-then-write fails where write-then-read simply waits its turn.
    const b = batch(db);
    const inserted = b.add(audit);
    const found = b.add(lookup);
    await b.run();
    if (!inserted.result()) throw unauthorized();
    rows = found.result();
  } else {
    rows = await lookup;
  }

  const row = rows[0];
  const refusal = membershipRefusal(row);
  if (refusal) throw refusal;
  rememberZone(tenantId, row.timezone);
  if (impersonation && !READ_METHODS.has(c.req.method)) {
    throw new ApiError("impersonation_read_only", "This session is read-only: impersonation tokens cannot make changes");
  }
  const userId = claims.sub;
  return {
    kind: "owner",
    via: "token",
    userId,
    sessionId: claims.sid,
    tenantId,
    role: row.role as MemberRole,
    timezone: row.timezone,
    locale: row.locale,
    actor: { type: "user", id: userId },
    impersonation,
  };
}

/**
 * The owner routes (/api/businesses, /services, /staff, /bookings, /customers, /payments): a
 * member's token, or an API key of the business (design.md §19, src/middleware/api-key.ts).
 */
export const requireOwner = createMiddleware<OwnerEnv>(async (c, next) => {
  const credential = bearerCredential(c.req.header("Authorization"));
  const key = credential ? parseApiKey(credential) : null;
  if (credential && key) return withApiKey(c, credential, key.tenantId, next);
  const route = `${c.req.method} ${c.req.path.replace(/\/+$/, "")}`;
  if (MEMBERSHIP_IN_FIRST_ROUND_TRIP.some((pattern) => pattern.test(route))) {
    const claims = await memberClaims(c);
    if (!claims.imp) return withMemberGuard(c, claims, next);
  }
  c.set("auth", await ownerAuthFrom(c));
  await next();
});

/**
 * Owner routes whose handler needs neither the member's role nor the business's zone before its
 * first database round trip: the membership check rides in that round trip as a guard (as an API
 * key's does) instead of costing one of its own. The owner create: 2 libSQL requests, not 3
 * (issue #42), the owner status change 2, not 3. A route listed here must not read `auth.role` or
 * `auth.timezone` before it has reached the database (they are the least-privileged placeholders
 * until then) unless it awaits `auth.membershipChecked()` first, as requireRole does, or builds on
 * guesses it checks against what that round trip answered before it shows anything: the report
 * (design.md §29) on `auth.claimedRole` and a remembered zone (routes/owner/reports.ts), 1 request.
 */
const MEMBERSHIP_IN_FIRST_ROUND_TRIP = [
  /^POST \/api\/bookings$/,
  /^PATCH \/api\/bookings\/[^/]+\/status$/,
  /^GET \/api\/reports\/summary$/,
];

/** Raises (malformed JSON) unless the token's user is an active member of an existing business. */
const MEMBER_GUARD_SQL = `SELECT CASE WHEN m.role IS NOT NULL AND m.is_active = 1 THEN m.role
    ELSE json('{' || coalesce(m.role, '')) END AS role, t.timezone
  FROM (SELECT 1) LEFT JOIN tenants t ON t.id = ? LEFT JOIN tenant_members m ON m.tenant_id = t.id AND m.user_id = ?`;

async function withMemberGuard(c: Context<OwnerEnv>, claims: Awaited<ReturnType<typeof memberClaims>>, next: Next) {
  const services = c.var.services;
  const plain = services.db;
  const auth: MemberAuth = {
    kind: "owner",
    via: "token",
    userId: claims.sub,
    sessionId: claims.sid,
    tenantId: claims.tenantId,
    role: "staff",
    timezone: "UTC",
    locale: DEFAULT_LOCALE,
    actor: { type: "user", id: claims.sub },
    claimedRole: MEMBER_ROLES.find((r) => r === claims.role) ?? "staff",
  };
  const guarded = guardDb(plain, {
    statement: { sql: MEMBER_GUARD_SQL, args: [claims.tenantId, claims.sub] },
    refused: async () => {
      const [row] = await memberLookup.all<MemberRow>(plain, { tenantId: claims.tenantId, userId: claims.sub });
      // Refused a moment ago; a membership restored since is still refused for this request.
      return membershipRefusal(row) ?? new ApiError("tenant required");
    },
    passed: (result) => {
      const row = result.rows[0] as unknown as { role: MemberRole; timezone: string };
      auth.role = row.role;
      auth.timezone = row.timezone;
      auth.claimedRole = undefined;
      rememberZone(claims.tenantId, row.timezone);
    },
  });
  auth.membershipChecked = async () => {
    await guarded.settle();
    auth.membershipChecked = undefined;
  };
  c.set("auth", auth);
  // Every use case of this request reads through the guarded handle: the one services context.
  c.set("services", { ...services, db: guarded.db });
  await next();
  // The refusal, if the route's own round trip was refused, or the check now if it never reached the database.
  await guarded.settle();
}

/** Routes for members' tokens only (the AI assistant, token refresh): an API key is 401 there. */
export const requireMember = createMiddleware<MemberEnv>(async (c, next) => {
  c.set("auth", await ownerAuthFrom(c));
  await next();
});

const isApiKey = (auth: OwnerAuth): auth is ApiKeyAuth => auth.via === "api_key";

/**
 * Inside the owner routes, what only a person may do: members, API keys, new businesses. An API
 * key is checked first (a revoked one stays 401), then refused with 403 forbidden.
 */
export const membersOnly = createMiddleware<MemberEnv>(async (c, next) => {
  if (isApiKey(c.var.auth)) {
    await c.var.services.db.run(sql`SELECT 1`);
    throw new ApiError("forbidden", "API keys cannot manage members, API keys or businesses");
  }
  await next();
});

/** Allows only the listed membership roles (design.md §7); others get 403 forbidden. */
export const requireRole = (...roles: MemberRole[]) =>
  createMiddleware<OwnerEnv>(async (c, next) => {
    const auth = c.var.auth;
    if (auth.via === "token") await auth.membershipChecked?.();
    if (!roles.includes(c.var.auth.role)) {
      throw new ApiError("forbidden", "Your role in this business does not allow this action");
    }
    await next();
  });

export const requireCustomer = createMiddleware<CustomerEnv>(async (c, next) => {
  const claims = await claimsFrom(c);
  if (claims?.aud !== "customer") throw unauthorized();
  c.set("auth", { kind: "customer", customerId: claims.sub, sessionId: claims.sid });
  await next();
});

/** Booking creation: a valid customer token links the booking; anything else is a guest. */
export const optionalCustomer = createMiddleware<GuestEnv>(async (c, next) => {
  const claims = await claimsFrom(c);
  if (claims && claims.aud === "customer") {
    c.set("auth", { kind: "customer", customerId: claims.sub, sessionId: claims.sid });
  } else {
    c.set("auth", { kind: "anonymous" });
  }
  await next();
});

export const requireAdmin = createMiddleware<AdminEnv>(async (c, next) => {
  const claims = await claimsFrom(c);
  if (claims?.aud !== "super_admin") throw unauthorized();
  c.set("auth", {
    kind: "admin",
    adminId: claims.sub,
    sessionId: claims.sid,
    email: claims.email,
    name: claims.name,
  });
  await next();
});
