import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { EmailProvider, SendResult } from "./provider";
import { emailRetryDelaySeconds, isLastEmailAttempt, STUCK_SENDING_MS } from "./retry-policy";

/**
 * Delivery of outbox rows, shared by the queue consumer (one row per message) and the cron
 * (a bounded batch of due rows). Every send goes: claim (atomic conditional UPDATE) -> provider
 * -> record the outcome, fenced on the claim, so two workers holding messages for the same row
 * cannot both send it.
 */

const outbox = schema.emailOutbox;
export type OutboxRow = typeof outbox.$inferSelect;
export type Clock = () => Date;

export type DeliveryOutcome =
  | { kind: "sent"; providerMessageId: string | null }
  | { kind: "retry"; delaySeconds: number; error: string }
  | { kind: "failed"; error: string };

/** A row may be taken when it is pending and due, or its previous claim is presumed dead. */
function claimable(now: Date) {
  const t = now.toISOString();
  const stuckBefore = new Date(now.getTime() - STUCK_SENDING_MS).toISOString();
  return or(
    and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, t)),
    and(eq(outbox.status, "sending"), lt(outbox.lockedAt, stuckBefore)),
  );
}

function claimSet(now: Date) {
  const t = now.toISOString();
  return { status: "sending" as const, attempts: sql`${outbox.attempts} + 1`, lockedAt: t, updatedAt: t };
}

export type ClaimResult =
  | { claimed: true; row: OutboxRow }
  | { claimed: false; current: Pick<OutboxRow, "status" | "nextAttemptAt" | "lockedAt"> | null };

/**
 * Claims one row for sending. One round trip: the conditional UPDATE and a read of the row's
 * state after it travel in one batch, so a refused claim still says why (already sent, held by
 * another worker, not due yet, gone).
 */
export async function claimOutboxRow(db: Db, id: string, now: Date): Promise<ClaimResult> {
  const [claimed, current] = await db.batch([
    db
      .update(outbox)
      .set(claimSet(now))
      .where(and(eq(outbox.id, id), claimable(now)))
      .returning(),
    db
      .select({ status: outbox.status, nextAttemptAt: outbox.nextAttemptAt, lockedAt: outbox.lockedAt })
      .from(outbox)
      .where(eq(outbox.id, id)),
  ]);
  if (claimed[0]) return { claimed: true, row: claimed[0] };
  return { claimed: false, current: current[0] ?? null };
}

/**
 * Claims up to `limit` due rows in ONE statement (oldest due first). Each row is re-checked by
 * the outer condition inside the same atomic UPDATE, so a row a queue consumer claimed meanwhile
 * is not taken twice.
 */
export async function claimDueOutboxRows(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  const due = db.select({ id: outbox.id }).from(outbox).where(claimable(now)).orderBy(asc(outbox.nextAttemptAt)).limit(limit);
  return db
    .update(outbox)
    .set(claimSet(now))
    .where(and(inArray(outbox.id, due), claimable(now)))
    .returning();
}

/** Only the holder of this claim (same attempt number, still sending) may record its outcome. */
function heldBy(row: OutboxRow) {
  return and(eq(outbox.id, row.id), eq(outbox.status, "sending"), eq(outbox.attempts, row.attempts));
}

export function markOutboxSent(db: Db, row: OutboxRow, providerMessageId: string | null, now: Date) {
  const t = now.toISOString();
  return db
    .update(outbox)
    .set({ status: "sent", sentAt: t, providerMessageId, lockedAt: null, lastError: null, updatedAt: t })
    .where(heldBy(row));
}

export function scheduleOutboxRetry(db: Db, row: OutboxRow, error: string, delaySeconds: number, now: Date) {
  const t = now.toISOString();
  const next = new Date(now.getTime() + delaySeconds * 1000).toISOString();
  return db
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: next, lastError: error, lockedAt: null, updatedAt: t })
    .where(heldBy(row));
}

export function markOutboxFailed(db: Db, row: OutboxRow, error: string, now: Date) {
  const t = now.toISOString();
  return db.update(outbox).set({ status: "failed", lastError: error, lockedAt: null, updatedAt: t }).where(heldBy(row));
}

/** The update that records `outcome` for a claimed row (to await, or to put in a batch). */
export function outcomeUpdate(db: Db, row: OutboxRow, outcome: DeliveryOutcome, now: Date) {
  if (outcome.kind === "sent") return markOutboxSent(db, row, outcome.providerMessageId, now);
  if (outcome.kind === "retry") return scheduleOutboxRetry(db, row, outcome.error, outcome.delaySeconds, now);
  return markOutboxFailed(db, row, outcome.error, now);
}

/** Maps a provider answer onto the row's next state; `row.attempts` already counts this try. */
export function decideOutcome(row: OutboxRow, result: SendResult): DeliveryOutcome {
  if (result.ok) return { kind: "sent", providerMessageId: result.providerMessageId };
  if (result.permanent) return { kind: "failed", error: result.error };
  if (isLastEmailAttempt(row.attempts)) return { kind: "failed", error: `gave up after ${row.attempts} attempts; last: ${result.error}` };
  return { kind: "retry", delaySeconds: emailRetryDelaySeconds(row.attempts), error: result.error };
}

/** Sends a claimed row. A provider that throws is treated as a transient failure. */
export async function sendClaimedEmail(provider: EmailProvider, row: OutboxRow): Promise<DeliveryOutcome> {
  let result: SendResult;
  try {
    result = await provider.send({
      idempotencyKey: row.id,
      kind: row.kind,
      to: row.toEmail,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
    });
  } catch (err) {
    result = { ok: false, permanent: false, error: `provider error: ${String(err)}`.slice(0, 300) };
  }
  const outcome = decideOutcome(row, result);
  logOutcome(row, outcome);
  return outcome;
}

function logOutcome(row: OutboxRow, outcome: DeliveryOutcome) {
  if (outcome.kind === "retry")
    console.warn(`email ${row.id} attempt ${row.attempts} failed, retry in ${outcome.delaySeconds}s: ${outcome.error}`);
  if (outcome.kind === "failed") console.error(`email ${row.id} failed for good after attempt ${row.attempts}: ${outcome.error}`);
}

/**
 * Records outcomes; if the database is unreachable right now, the rows stay `sending` and are
 * re-claimed after the stuck timeout (the provider's Idempotency-Key keeps a re-send single).
 * Returns whether the write went through.
 */
export async function recordOutcomes(db: Db, items: { row: OutboxRow; outcome: DeliveryOutcome }[], now: Date): Promise<boolean> {
  if (items.length === 0) return true;
  try {
    const [first, ...rest] = items.map(({ row, outcome }) => outcomeUpdate(db, row, outcome, now));
    await db.batch([first, ...rest]);
    return true;
  } catch (err) {
    console.error(
      `recording outcome of e-mails ${items.map((i) => i.row.id).join(",")} failed; they will be re-claimed after the stuck timeout`,
      err,
    );
    return false;
  }
}

export type SingleDelivery =
  | { kind: "delivered"; outcome: DeliveryOutcome }
  | { kind: "not_claimed"; current: Extract<ClaimResult, { claimed: false }>["current"] };

/** The queue path: claim one row, send it, record the outcome. Two round trips when it sends. */
export async function deliverOutboxEmail(db: Db, provider: EmailProvider, id: string, clock: Clock): Promise<SingleDelivery> {
  const claim = await claimOutboxRow(db, id, clock());
  if (!claim.claimed) return { kind: "not_claimed", current: claim.current };
  const outcome = await sendClaimedEmail(provider, claim.row);
  await recordOutcomes(db, [{ row: claim.row, outcome }], clock());
  return { kind: "delivered", outcome };
}

export type DispatchSummary = { claimed: number; sent: number; retried: number; failed: number };

/**
 * The cron path: claim a bounded batch of due or stuck rows in one statement, send them in
 * chunks (in parallel within a chunk) and record each chunk's outcomes in one batch, so a run
 * costs 1 + ceil(n / chunk) round trips and a crash mid-run leaves little to re-claim.
 */
export async function dispatchDueOutboxEmails(
  db: Db,
  provider: EmailProvider,
  clock: Clock,
  opts: { limit: number; chunk?: number },
): Promise<DispatchSummary> {
  const rows = await claimDueOutboxRows(db, clock(), opts.limit);
  const summary: DispatchSummary = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
  const chunk = opts.chunk ?? 10;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const outcomes = await Promise.all(part.map((row) => sendClaimedEmail(provider, row)));
    await recordOutcomes(
      db,
      part.map((row, j) => ({ row, outcome: outcomes[j] })),
      clock(),
    );
    for (const o of outcomes) summary[o.kind === "sent" ? "sent" : o.kind === "retry" ? "retried" : "failed"] += 1;
  }
  return summary;
}
