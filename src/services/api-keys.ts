import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Db, schema } from "../db/client";
import { ApiError } from "../errors";
import { randomCode } from "../lib/ids";
import { auditInsert } from "./audit";
import { batch } from "./batch";
import { sha256Hex } from "./auth/password-reset";

/**
 * Tenant API keys (design.md §19). A key is `bk_<40 random characters>_<tenant id>`: the tenant is
 * readable from the key itself, so an owner route can build its queries before the key is checked
 * and the check rides in the route's first round trip (src/middleware/api-key.ts). Only the
 * SHA-256 of the key is stored; its id is derived from that hash, so a request knows the id of
 * the key it carries (for audit rows) without a lookup.
 */

export type ApiKeyScope = "read" | "write";
export type ApiKeyRow = typeof schema.apiKeys.$inferSelect;

/** A business may hold this many keys that are not revoked. */
export const MAX_ACTIVE_KEYS = 20;

const k = schema.apiKeys;
const SECRET_LENGTH = 40;
const SECRET_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const KEY_RE = /^bk_([0-9a-z]{40})_([A-Za-z0-9_-]{1,100})$/;

/** The tenant a presented key claims, or null when the string cannot be one of our keys. */
export function parseApiKey(token: string): { tenantId: string } | null {
  const m = KEY_RE.exec(token);
  return m ? { tenantId: m[2] } : null;
}

/** What is stored of (and derived from) a key. */
export async function keyFacts(key: string) {
  const hash = await sha256Hex(key);
  return { hash, id: `apk_${hash.slice(0, 20)}` };
}

/** `2031-01-01T10:05:42.123Z` -> `2031-01-01T10:05:00.000Z`: last use is kept to the minute. */
export const toMinute = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();

/**
 * The guard statement: fails (a malformed-JSON error, which stops the whole batch) unless the key
 * is this tenant's, not revoked, and allowed this method (`read` keys: GET and HEAD only).
 * Otherwise answers the key's last use and scope. One unique-index lookup.
 */
export function keyCheckStatement(hash: string, tenantId: string, readOnly: boolean) {
  return {
    sql: `SELECT CASE WHEN k.id IS NULL THEN json('{' || coalesce(k.id, '')) ELSE k.id END AS id, k.last_used_at AS lastUsedAt, k.scope
      FROM (SELECT 1) LEFT JOIN api_keys k
        ON k.key_hash = ? AND k.tenant_id = ? AND k.revoked_at IS NULL AND (k.scope = 'write' OR ?)`,
    args: [hash, tenantId, readOnly ? 1 : 0],
  };
}

/** Why a key was refused: 403 when it is valid but only for reading, else 401. */
export async function keyRefusal(db: Db, hash: string, tenantId: string): Promise<ApiError> {
  const [row] = await db
    .select({ scope: k.scope })
    .from(k)
    .where(and(eq(k.keyHash, hash), eq(k.tenantId, tenantId), isNull(k.revokedAt)));
  if (row) return new ApiError("forbidden", "This API key may only read (GET)");
  return new ApiError("unauthorized");
}

/** Marks the key used in this minute; the condition makes a late or repeated write a no-op. */
export function markKeyUsed(db: Db, id: string, now: Date) {
  const minute = toMinute(now);
  return db.run(sql`UPDATE api_keys SET last_used_at = ${minute} WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at < ${minute})`);
}

/** The business's keys, revoked ones too, newest first. */
export async function listApiKeys(db: Db, tenantId: string): Promise<ApiKeyRow[]> {
  return db.select().from(k).where(eq(k.tenantId, tenantId)).orderBy(desc(k.createdAt), desc(k.id));
}

/**
 * One batch: the key (only while the business has fewer than MAX_ACTIVE_KEYS live ones, so two
 * concurrent creates cannot both slip past a count) and its audit row, gated on the insert.
 */
export async function createApiKey(
  db: Db,
  actor: { userId: string; tenantId: string },
  input: { name: string; scope: ApiKeyScope },
  now: Date,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = `bk_${randomCode(SECRET_LENGTH, SECRET_ALPHABET)}_${actor.tenantId}`;
  const { hash, id } = await keyFacts(key);
  const row: ApiKeyRow = {
    id,
    tenantId: actor.tenantId,
    name: input.name,
    scope: input.scope,
    prefix: key.slice(0, 11),
    keyHash: hash,
    createdBy: actor.userId,
    createdAt: now.toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
  const b = batch(db);
  const inserted = b.add(
    db.run(sql`
      INSERT INTO api_keys (id, tenant_id, name, scope, prefix, key_hash, created_by, created_at)
      SELECT ${row.id}, ${row.tenantId}, ${row.name}, ${row.scope}, ${row.prefix}, ${row.keyHash}, ${row.createdBy}, ${row.createdAt}
      WHERE (SELECT count(*) FROM api_keys WHERE tenant_id = ${row.tenantId} AND revoked_at IS NULL) < ${MAX_ACTIVE_KEYS}`),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "tenant.api_key_created",
        actorType: "user",
        actorId: actor.userId,
        targetType: "tenant",
        targetId: actor.tenantId,
        metadata: { apiKeyId: row.id, name: row.name, scope: row.scope, prefix: row.prefix },
      },
      now,
      sql`changes() = 1`,
    ),
  );
  await b.run();
  if (inserted.result().rowsAffected !== 1) {
    throw new ApiError("conflict", `A business can have at most ${MAX_ACTIVE_KEYS} API keys; revoke one first`);
  }
  return { row, key };
}

/**
 * Revokes a key of the business: from the next request on it is refused (401). Idempotent: a
 * key already revoked answers the same, and only the revocation itself is audited.
 */
export async function revokeApiKey(db: Db, actor: { userId: string; tenantId: string }, id: string, now: Date) {
  const b = batch(db);
  b.add(
    db
      .update(k)
      .set({ revokedAt: now.toISOString() })
      .where(and(eq(k.id, id), eq(k.tenantId, actor.tenantId), isNull(k.revokedAt))),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "tenant.api_key_revoked",
        actorType: "user",
        actorId: actor.userId,
        targetType: "tenant",
        targetId: actor.tenantId,
        metadata: { apiKeyId: id },
      },
      now,
      sql`changes() = 1`,
    ),
  );
  const found = b.add(
    db
      .select({ id: k.id })
      .from(k)
      .where(and(eq(k.id, id), eq(k.tenantId, actor.tenantId))),
  );
  await b.run();
  if (found.result().length === 0) throw ApiError.notFound("API key");
  return { id };
}
