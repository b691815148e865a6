import { and, asc, eq } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { signToken } from "../../lib/jwt";
import { auditInsert } from "../audit";
import { batch } from "../batch";

/** interface.md: an impersonation session ends after 1 hour. */
export const IMPERSONATION_TTL_SECONDS = 3600;

export type ImpersonationStarted = { token: string; sessionId: string; expiresAt: Date; tenantId: string };

/**
 * Opens a read-only session as the tenant's owner: one read (tenant + its oldest active owner
 * membership), then one batch writing the session and its `start` audit row. The token carries
 * `imp` and `ro`; requireOwner audits and refuses writes for every request made with it.
 */
export async function startImpersonation(
  db: Db,
  jwtSecret: string,
  input: { adminId: string; tenantId: string; reason: string },
  now: Date,
): Promise<ImpersonationStarted> {
  const rows = await db
    .select({ tenantId: schema.tenants.id, ownerUserId: schema.tenantMembers.userId })
    .from(schema.tenants)
    .leftJoin(
      schema.tenantMembers,
      and(
        eq(schema.tenantMembers.tenantId, schema.tenants.id),
        eq(schema.tenantMembers.role, "owner"),
        eq(schema.tenantMembers.isActive, true),
      ),
    )
    .where(eq(schema.tenants.id, input.tenantId))
    .orderBy(asc(schema.tenantMembers.createdAt), asc(schema.tenantMembers.id))
    .limit(1);
  const row = rows[0];
  if (!row) throw ApiError.notFound("Tenant");
  if (!row.ownerUserId) throw new ApiError("conflict", "This business has no active owner to impersonate");
  const ownerUserId = row.ownerUserId;

  const sessionId = newId("imp");
  const { token, expiresAt } = await signToken(
    jwtSecret,
    {
      sub: ownerUserId,
      sid: sessionId,
      tenantId: input.tenantId,
      role: "owner",
      imp: { adminId: input.adminId, sessionId },
      ro: true,
    },
    IMPERSONATION_TTL_SECONDS,
    now,
  );

  const b = batch(db);
  b.add(
    db.insert(schema.impersonationSessions).values({
      id: sessionId,
      adminId: input.adminId,
      tenantId: input.tenantId,
      ownerUserId,
      reason: input.reason,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    }),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "admin.tenant.impersonate",
        actorType: "admin",
        actorId: input.adminId,
        targetType: "tenant",
        targetId: input.tenantId,
        reason: input.reason,
        metadata: { sessionId, page: "start" },
      },
      now,
    ),
  );
  await b.run();
  return { token, sessionId, expiresAt, tenantId: input.tenantId };
}
