import { eq, sql } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import { runPart } from "../../../src/services/batch";
import { emailInsert } from "../../../src/services/outbox";
import { get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createTenant, uniq } from "../../helpers/factories";
import { outboxRow } from "../../helpers/outbox";

// The jobs of a test's own business, as the operator's jobs API shows them.

import { aheadOfWallClock } from "../outbox/harness";

export { aheadOfWallClock, plus, pointerMessage, receiver, writeJob } from "../outbox/harness";

/** A business and an operator, and the hour-ahead instant its jobs are written at (other files' cron ticks never reach it). */
export async function jobsOfNewBusiness() {
  const tenant = await createTenant();
  const admin = await createAdmin();
  return { tenant, admin, t0: aheadOfWallClock(60) };
}

/** An e-mail row written as a service writes it (emailInsert), with the status and times given. */
export async function emailRow(
  tenantId: string,
  opts: { status?: string; at: Date; lockedAt?: Date; to?: string; text?: string; sensitive?: boolean } = { at: new Date() },
) {
  const to = opts.to ?? `job-${uniq()}${uniq()}@example.test`;
  const text = opts.text ?? `Hello ${to}`;
  const email = emailInsert(
    testDb(),
    { kind: "test.email", subject: "Hello", text, html: `<p>${text}</p>`, tenantId, to, sensitive: opts.sensitive },
    opts.at,
  );
  const id = email.id;
  await runPart(testDb(), email);
  if (opts.status && opts.status !== "pending") {
    await testDb()
      .update(schema.emailOutbox)
      .set({ status: opts.status as never, lockedAt: opts.lockedAt?.toISOString() ?? null, updatedAt: opts.at.toISOString() })
      .where(eq(schema.emailOutbox.id, id));
  }
  return { id, to, text };
}

export async function emailState(id: string) {
  return outboxRow(testDb(), id);
}

export async function auditOf(targetId: string) {
  return testDb().select().from(schema.auditLog).where(sql`target_id = ${targetId}`).orderBy(schema.auditLog.createdAt);
}

export const jobsList = (token: string, query: string, now?: Date) => get(`/api/admin/jobs?${query}`, { token, now });
export const retry = (token: string, id: string, now?: Date) => post(`/api/admin/jobs/${id}/retry`, undefined, { token, now });
export const discard = (token: string, id: string, reason: unknown, now?: Date) =>
  post(`/api/admin/jobs/${id}/discard`, reason === undefined ? {} : { reason }, { token, now });
