import { and, eq, isNull, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { auditInsert } from "../audit";
import { batch } from "../batch";
import { suspensionEmail } from "../email/templates";
import type { Services } from "../context";
import { emailInsert } from "../outbox";

export type TenantPatch = {
  isSuspended?: boolean;
  suspendedReason?: string | null;
  plan?: "free" | "pro" | "enterprise";
  trialEndsAt?: string | null;
  reason: string;
};

type Row = typeof schema.tenants.$inferSelect;
type Diff = Record<string, { before: unknown; after: unknown }>;

const eqOrNull = (col: AnySQLiteColumn, v: unknown) => (v === null ? isNull(col) : eq(col, v as never));

/**
 * PATCH /api/admin/tenants/:id. One atomic batch: a conditional UPDATE (guarded by every value we
 * read, so two concurrent suspends cannot both win), then the audit rows and the suspension
 * e-mail, each gated on "the update happened" (the tenant now carries our unique updated_at).
 * The suspension e-mail is enqueued after commit when written.
 */
export async function patchTenant(ctx: PatchCtx, id: string, patch: TenantPatch, adminId: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const [cur] = await ctx.db.select().from(schema.tenants).where(eq(schema.tenants.id, id)).limit(1);
    if (!cur) throw ApiError.notFound("Tenant");
    if (await tryApply(ctx, cur, patch, adminId)) return;
  }
  throw new ApiError("conflict", "The tenant was changed concurrently; try again");
}

type PatchCtx = Pick<Services, "db" | "now" | "queue" | "waitUntil">;

/** True when the change was made (or there was nothing to change); false when a concurrent change won. */
async function tryApply(ctx: PatchCtx, cur: Row, p: TenantPatch, adminId: string): Promise<boolean> {
  const { db, now } = ctx;
  const t = schema.tenants;
  const iso = now.toISOString();
  const next: Partial<Row> = {};
  const suspendDiff: Diff = {};
  const updatedDiff: Diff = {};
  let action: "tenant.suspended" | "tenant.restored" | null = null;

  if (p.isSuspended !== undefined && p.isSuspended !== cur.isSuspended) {
    action = p.isSuspended ? "tenant.suspended" : "tenant.restored";
    next.isSuspended = p.isSuspended;
    next.suspendedAt = p.isSuspended ? iso : null;
    next.suspendedReason = p.isSuspended ? (p.suspendedReason !== undefined ? p.suspendedReason : cur.suspendedReason) : null;
    suspendDiff.isSuspended = { before: cur.isSuspended, after: p.isSuspended };
    if (next.suspendedAt !== cur.suspendedAt) suspendDiff.suspendedAt = { before: cur.suspendedAt, after: next.suspendedAt };
    if (next.suspendedReason !== cur.suspendedReason)
      suspendDiff.suspendedReason = { before: cur.suspendedReason, after: next.suspendedReason };
    // design.md §25: restoring a business cancels its scheduled deletion.
    if (!p.isSuspended && cur.deletionDueAt && !cur.deletedAt) {
      Object.assign(next, { deletionScheduledAt: null, deletionDueAt: null, deletionReason: null, deletionRemindedAt: null });
      suspendDiff.deletionDueAt = { before: cur.deletionDueAt, after: null };
    }
  } else if (p.suspendedReason !== undefined && p.suspendedReason !== cur.suspendedReason) {
    next.suspendedReason = p.suspendedReason;
    updatedDiff.suspendedReason = { before: cur.suspendedReason, after: p.suspendedReason };
  }
  if (p.trialEndsAt !== undefined && p.trialEndsAt !== cur.trialEndsAt) {
    next.trialEndsAt = p.trialEndsAt;
    updatedDiff.trialEndsAt = { before: cur.trialEndsAt, after: p.trialEndsAt };
  }
  if (p.plan !== undefined && p.plan !== cur.plan) next.plan = p.plan;

  const audits: { action: string; diff: Diff }[] = [];
  if (action) audits.push({ action, diff: suspendDiff });
  if (p.plan !== undefined) audits.push({ action: "tenant.plan_changed", diff: { plan: { before: cur.plan, after: p.plan } } });
  if (Object.keys(updatedDiff).length) audits.push({ action: "tenant.updated", diff: updatedDiff });
  if (audits.length === 0) return true;

  // A unique marker in updated_at lets later statements of the batch see that OUR update happened.
  const stamp = `${iso}#${newId("upd")}`;
  const applied = sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${cur.id} AND updated_at = ${stamp})`;
  const update = db
    .update(t)
    .set({ ...next, updatedAt: stamp })
    .where(
      and(
        eq(t.id, cur.id),
        eq(t.updatedAt, cur.updatedAt),
        eq(t.isSuspended, cur.isSuspended),
        eq(t.plan, cur.plan),
        eqOrNull(t.suspendedReason, cur.suspendedReason),
        eqOrNull(t.trialEndsAt, cur.trialEndsAt),
      ),
    );
  const b = batch(db);
  const updated = b.add(update);
  audits.forEach((a, seq) => {
    b.add(
      auditInsert(
        db,
        {
          action: a.action,
          actorType: "admin",
          actorId: adminId,
          targetType: "tenant",
          targetId: cur.id,
          reason: p.reason,
          diff: a.diff,
          seq,
        },
        now,
        applied,
      ),
    );
  });
  if (action === "tenant.suspended") {
    const to = sql`COALESCE((SELECT u.email FROM tenant_members m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = ${cur.id} AND m.role = 'owner' AND m.is_active = 1 ORDER BY m.created_at, m.id LIMIT 1), ${cur.email})`;
    const email = emailInsert(
      db,
      { ...suspensionEmail({ businessName: cur.businessName, reason: next.suspendedReason ?? null }), tenantId: cur.id, to: "" },
      now,
      applied,
    );
    b.add(email);
    // emailInsert binds `to` as a value; resolve the owner's address inside the batch instead.
    b.add(db.run(sql`UPDATE email_outbox SET to_email = ${to} WHERE id = ${email.id}`));
  }
  // Reset the marker to a plain ISO instant so updated_at stays a sortable timestamp.
  b.add(db.run(sql`UPDATE tenants SET updated_at = ${iso} WHERE id = ${cur.id} AND updated_at = ${stamp}`));
  // The suspension e-mail is written (and so enqueued) only with the update.
  await b.run(ctx);
  return (updated.result().rowsAffected ?? 0) > 0;
}
