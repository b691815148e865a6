import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { hashPassword, verifyPassword } from "../../lib/password";
import { uniqueViolation } from "../../db/unique-violation";
import type { MemberRole } from "../../shared/member-roles";
import { type AuthCtx, type OwnerTokenClaims, liveSessionExists, sessionInsert, signOwnerToken } from "./sessions";
import { slugFromName, withSuffix } from "./slug";

export type UserRow = typeof schema.users.$inferSelect;
export type Membership = { tenantId: string; role: MemberRole; slug: string; businessName: string };
export type OwnerSignIn = { token: string; sessionId: string; user: UserRow; memberships: Membership[] };

const { users, tenants, tenantMembers, sessions } = schema;

/** The owner token of a sign-in: the first (oldest active) membership is the token's tenant. */
async function signIn(ctx: AuthCtx, user: UserRow, memberships: Membership[], sessionId: string): Promise<OwnerSignIn> {
  const first = memberships[0];
  const claims: OwnerTokenClaims = {
    sub: user.id,
    sid: sessionId,
    tenantId: first?.tenantId ?? null,
    // Without a membership there is no tenant role; the user record's role is all there is.
    role: first?.role ?? user.role,
  };
  return { token: await signOwnerToken(ctx, claims), sessionId, user, memberships };
}

export type RegisterOwnerInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
  slug?: string;
  businessType?: string;
  timezone: string;
  currency: string;
  country: string;
};

/**
 * User (role customer) + tenant (free, active) + owner membership + session in ONE batch; the
 * unique indexes settle races, so a taken e-mail or slug is a 409 however close the two requests
 * were. A derived slug that collides is retried with a random suffix (only then is there another
 * round trip); a slug the caller chose is theirs to change.
 */
export async function registerOwner(ctx: AuthCtx, input: RegisterOwnerInput): Promise<OwnerSignIn> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const passwordHash = await hashPassword(input.password);
  const user: UserRow = {
    id: newId("usr"),
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: "",
    role: "customer",
    isActive: true,
    lastLoginAt: t,
    createdAt: t,
    updatedAt: t,
  };
  const tenantId = newId("tnt");
  let slug = input.slug ?? slugFromName(input.businessName);

  for (let attempt = 0; ; attempt++) {
    const session = sessionInsert(db, "user", user.id, tenantId, now);
    try {
      await db.batch([
        db.insert(users).values(user),
        db.insert(tenants).values({
          id: tenantId,
          slug,
          businessName: input.businessName,
          ...(input.businessType ? { businessType: input.businessType } : {}),
          timezone: input.timezone,
          currency: input.currency,
          country: input.country,
          email: input.email,
          plan: "free",
          planStatus: "active",
          isActive: true,
          createdBy: user.id,
          createdAt: t,
          updatedAt: t,
        }),
        db.insert(tenantMembers).values({ id: newId("mem"), tenantId, userId: user.id, role: "owner", isActive: true, createdAt: t }),
        session.insert,
      ]);
      const membership: Membership = { tenantId, role: "owner", slug, businessName: input.businessName };
      return signIn(ctx, user, [membership], session.id);
    } catch (err) {
      const hit = uniqueViolation(err);
      if (hit?.includes("users.email")) throw new ApiError("email_taken", "An account with this e-mail already exists");
      if (hit?.includes("tenants.slug")) {
        if (input.slug !== undefined || attempt >= 2) throw new ApiError("slug_taken", "This slug is already in use");
        slug = withSuffix(slug);
        continue;
      }
      throw err;
    }
  }
}

/**
 * At most two round trips: one read (user + active memberships, oldest first), one write batch
 * (last_login_at + session). An unknown e-mail, an inactive user and a wrong password all cost the
 * same PBKDF2 work and give the same 401.
 */
export async function loginOwner(ctx: AuthCtx, email: string, password: string): Promise<OwnerSignIn> {
  const { db, now } = ctx;
  const rows = await db
    .select({
      user: users,
      tenantId: tenantMembers.tenantId,
      role: tenantMembers.role,
      slug: tenants.slug,
      businessName: tenants.businessName,
    })
    .from(users)
    .leftJoin(tenantMembers, and(eq(tenantMembers.userId, users.id), eq(tenantMembers.isActive, true)))
    .leftJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
    .where(eq(users.email, email))
    .orderBy(asc(tenantMembers.createdAt), asc(tenantMembers.id));

  const found = rows[0]?.user;
  const ok = await verifyPassword(password, found?.passwordHash);
  if (!found || !ok || !found.isActive) throw new ApiError("invalid_credentials", "Wrong e-mail or password");

  const memberships: Membership[] = rows
    .filter((r) => r.tenantId && r.role && r.slug !== null && r.businessName !== null)
    .map((r) => ({ tenantId: r.tenantId!, role: r.role!, slug: r.slug!, businessName: r.businessName! }));
  const t = now.toISOString();
  const session = sessionInsert(db, "user", found.id, memberships[0]?.tenantId ?? null, now);
  await db.batch([db.update(users).set({ lastLoginAt: t }).where(eq(users.id, found.id)), session.insert]);
  return signIn(ctx, { ...found, lastLoginAt: t }, memberships, session.id);
}

/**
 * Re-signs the token's own claims for another 24 h while its session row is alive (not revoked,
 * not past its 30 days). One round trip.
 */
export async function refreshOwnerToken(ctx: AuthCtx, claims: OwnerTokenClaims): Promise<string> {
  const now = ctx.now.toISOString();
  const [live] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.subjectType, "user"),
        eq(sessions.subjectId, claims.sub),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!live) throw new ApiError("unauthorized");
  return signOwnerToken(ctx, claims);
}

/**
 * A token for another active membership of the caller, in the same session. One round trip: the
 * membership and the session's liveness are read in one batch. Not a member (or inactive, or an
 * unknown tenant): 404, whether or not the tenant exists.
 */
export async function switchTenant(ctx: AuthCtx, caller: { userId: string; sessionId: string }, tenantId: string) {
  const { db, now } = ctx;
  const [memberships, [session]] = await db.batch([
    db
      .select({ role: tenantMembers.role })
      .from(tenantMembers)
      .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
      .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, caller.userId), eq(tenantMembers.isActive, true)))
      .limit(1),
    db
      .select({ live: liveSessionExists(caller.sessionId, "user", caller.userId, now) })
      .from(users)
      .where(eq(users.id, caller.userId)),
  ]);
  if (!session?.live) throw new ApiError("unauthorized");
  const membership = memberships[0];
  if (!membership) throw ApiError.notFound("Membership");
  return signOwnerToken(ctx, { sub: caller.userId, sid: caller.sessionId, tenantId, role: membership.role });
}
