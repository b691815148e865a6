import { and, asc, eq, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { linkBase } from "../../lib/links";
import type { Locale } from "../../shared/i18n/locales";
import type { MemberRole } from "../../shared/member-roles";
import { auditInsert } from "../audit";
import { batch } from "../batch";
import { uniqueViolation } from "../../db/unique-violation";
import { NO_PASSWORD_YET, newLinkToken, resetLinkPath } from "../auth/user-password";
import { memberInviteEmail } from "../email/templates";
import type { Services } from "../context";
import { emailInsert } from "../outbox";

const { tenantMembers, users } = schema;

export type MemberRow = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  isActive: boolean;
  /** design.md §30: the member's own language; null = the business's. */
  locale: Locale | null;
  createdAt: string;
};

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: tenantMembers.role,
  isActive: tenantMembers.isActive,
  locale: tenantMembers.locale,
  createdAt: tenantMembers.createdAt,
};

/** The business's members, oldest first (the owner who created it comes first). One round trip. */
export function listMembers(db: Db, tenantId: string) {
  return db
    .select(memberColumns)
    .from(tenantMembers)
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .where(eq(tenantMembers.tenantId, tenantId))
    .orderBy(asc(tenantMembers.createdAt), asc(tenantMembers.id));
}

export type NewMemberInput = { email: string; firstName: string; lastName: string; role: "admin" | "staff" };

/** How long a member's invitation link stays usable (they can always ask for a reset link later). */
export const INVITE_TTL_DAYS = 7;

/**
 * A new sign-in for a colleague, who chooses their own password (design.md §13, §18): nobody else
 * ever sets or sees it. Two round trips: one read (the business's name and the inviter's, for the
 * e-mail), then ONE batch: the user (with no usable password until the link is followed), the
 * membership, the audit row, the single-use invite link (hash only, 7 days) and its e-mail. The
 * e-mail's unique index decides: an existing account (of any business, or a concurrent request)
 * is 409 email_taken and nothing is written. The invitation is enqueued after commit; its link's
 * base is PUBLIC_BASE_URL (design.md §18).
 */
export async function addMember(
  ctx: Pick<Services, "db" | "now" | "config" | "queue" | "waitUntil">,
  actor: { userId: string; tenantId: string },
  input: NewMemberInput,
): Promise<MemberRow> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const userId = newId("usr");
  const [[tenant], [inviter]] = await db.batch([
    db.select({ businessName: schema.tenants.businessName }).from(schema.tenants).where(eq(schema.tenants.id, actor.tenantId)),
    db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, actor.userId)),
  ]);
  if (!tenant) throw new ApiError("tenant not found");
  const { token, tokenHash } = await newLinkToken();
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : "A colleague";
  const mail = emailInsert(
    db,
    {
      ...memberInviteEmail({
        firstName: input.firstName,
        inviterName,
        businessName: tenant.businessName,
        role: input.role,
        inviteUrl: `${linkBase(ctx.config)}${resetLinkPath(token)}`,
        expiresInDays: INVITE_TTL_DAYS,
      }),
      tenantId: actor.tenantId,
      to: input.email,
    },
    now,
  );
  const b = batch(db);
  b.add(
    db.insert(users).values({
      id: userId,
      email: input.email,
      passwordHash: NO_PASSWORD_YET,
      firstName: input.firstName,
      lastName: input.lastName,
      role: "customer", // interface.md: the user record's role; the tenant role lives on the membership
      createdAt: t,
      updatedAt: t,
    }),
  );
  b.add(
    db.insert(tenantMembers).values({ id: newId("mem"), tenantId: actor.tenantId, userId, role: input.role, isActive: true, createdAt: t }),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "tenant.member_added",
        actorType: "user",
        actorId: actor.userId,
        targetType: "tenant",
        targetId: actor.tenantId,
        metadata: { userId, role: input.role },
      },
      now,
    ),
  );
  b.add(
    db.insert(schema.userTokens).values({
      id: newId("utk"),
      userId,
      purpose: "invite",
      tokenHash,
      expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000).toISOString(),
      createdAt: t,
    }),
  );
  b.add(mail);
  try {
    await b.run(ctx);
  } catch (err) {
    if (uniqueViolation(err)?.includes("users.email")) throw new ApiError("email_taken", "An account with this e-mail already exists");
    throw err;
  }
  return {
    userId,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    isActive: true,
    locale: null,
    createdAt: t,
  };
}

export type MemberChange = { role?: "admin" | "staff"; isActive?: boolean };

const memberQuery = (db: Db, tenantId: string, userId: string) =>
  db
    .select(memberColumns)
    .from(tenantMembers)
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)))
    .limit(1);

/**
 * A colleague's role or access (deactivation is how a member is removed: the row stays so their
 * bookings, staff profile and audit trail keep their author). The owner's membership is never
 * changed here and nobody changes their own, so a business cannot lock itself out. A deactivated
 * member is refused on their next request (requireOwner reads the membership every time) and at
 * sign-in. Repeating a change is a no-op without an audit row.
 *
 * Two round trips: the read, then the UPDATE (conditional on what was read) with its audit row in
 * one batch; the audit INSERT is gated on `changes()`, so of two concurrent identical changes
 * exactly one is recorded. Deactivating also forgets the calendar feed secrets of the staff
 * profiles linked to the member (design.md §31): the feed they subscribed to stops for good, and
 * a reactivated member gets a new link from an owner, not the old one back.
 */
export async function changeMember(
  db: Db,
  actor: { userId: string; tenantId: string },
  memberUserId: string,
  change: MemberChange,
  now: Date,
): Promise<MemberRow> {
  const [cur] = await memberQuery(db, actor.tenantId, memberUserId);
  if (!cur) throw ApiError.notFound("Member");
  if (cur.role === "owner") throw new ApiError("forbidden", "The owner's membership cannot be changed");
  if (cur.userId === actor.userId) throw new ApiError("conflict", "You cannot change your own membership");

  const next = { role: change.role ?? cur.role, isActive: change.isActive ?? cur.isActive };
  const diff: Record<string, { before: unknown; after: unknown }> = {};
  if (next.role !== cur.role) diff.role = { before: cur.role, after: next.role };
  if (next.isActive !== cur.isActive) diff.isActive = { before: cur.isActive, after: next.isActive };
  if (Object.keys(diff).length === 0) return cur;

  const action = diff.isActive ? (next.isActive ? "tenant.member_reactivated" : "tenant.member_deactivated") : "tenant.member_role_changed";
  const b = batch(db);
  const updated = b.add(
    db
      .update(tenantMembers)
      .set(next)
      .where(
        and(
          eq(tenantMembers.tenantId, actor.tenantId),
          eq(tenantMembers.userId, memberUserId),
          eq(tenantMembers.role, cur.role),
          eq(tenantMembers.isActive, cur.isActive),
        ),
      ),
  );
  b.add(
    auditInsert(
      db,
      {
        action,
        actorType: "user",
        actorId: actor.userId,
        targetType: "tenant",
        targetId: actor.tenantId,
        diff,
        metadata: { userId: memberUserId },
      },
      now,
      sql`changes() = 1`,
    ),
  );
  b.add(
    db.run(sql`UPDATE staff_profiles SET calendar_feed_hash = NULL
      WHERE tenant_id = ${actor.tenantId} AND user_id = ${memberUserId} AND calendar_feed_hash IS NOT NULL AND ${next.isActive ? 0 : 1}
        AND EXISTS (SELECT 1 FROM tenant_members WHERE tenant_id = ${actor.tenantId} AND user_id = ${memberUserId} AND is_active = 0)`),
  );
  await b.run();
  if (updated.result().rowsAffected === 1) return { ...cur, ...next };

  // Someone changed it between our read and our write: fine if it now is what was asked for.
  const [after] = await memberQuery(db, actor.tenantId, memberUserId);
  if (after && after.role === next.role && after.isActive === next.isActive) return after;
  throw new ApiError("conflict", "The membership changed meanwhile; reload it and try again");
}

/**
 * The caller's own language (design.md §30): the owner app and the notices they get follow it;
 * null goes back to the business's. One round trip: the UPDATE and the member as it now is.
 */
export async function setOwnLocale(db: Db, actor: { userId: string; tenantId: string }, locale: Locale | null): Promise<MemberRow> {
  const [, rows] = await db.batch([
    db
      .update(tenantMembers)
      .set({ locale })
      .where(and(eq(tenantMembers.tenantId, actor.tenantId), eq(tenantMembers.userId, actor.userId))),
    memberQuery(db, actor.tenantId, actor.userId),
  ]);
  const row = rows[0];
  if (!row) throw ApiError.notFound("Member");
  return row;
}
