import type { Context } from "hono";
import type { ApiKeyAuth } from "../auth-context";
import { guardDb } from "../db/guard";
import { logger } from "../lib/log";
import type { OwnerEnv } from "../env";
import { keyCheckStatement, keyFacts, keyRefusal, markKeyUsed, toMinute } from "../services/api-keys";

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * An owner route called with a tenant API key (design.md §19). The key names its tenant, so the
 * route runs as that business right away; the key itself is checked by a guard statement inside
 * the route's first database round trip (src/db/guard.ts): an unknown, revoked or other tenant's
 * key makes that round trip fail, so nothing is read or written with it (401), and a `read` key's
 * write fails the same way (403 forbidden). A route that made no round trip at all checks the key
 * on the way out, before its answer leaves. Costs: the route's own round trips, and one when the
 * route makes none. Last use (to the minute) is written after the answer, only when the minute changed.
 */
export async function withApiKey(c: Context<OwnerEnv>, key: string, tenantId: string, next: () => Promise<void>) {
  const { hash, id } = await keyFacts(key);
  const services = c.var.services;
  const { db: plain, now } = services;
  const auth: ApiKeyAuth = {
    kind: "owner",
    via: "api_key",
    keyId: id,
    tenantId,
    role: "admin",
    actor: { type: "api_key", id },
    scope: null,
  };
  const guarded = guardDb(plain, {
    statement: keyCheckStatement(hash, tenantId, READ_METHODS.has(c.req.method)),
    refused: () => keyRefusal(plain, hash, tenantId),
    passed: (result) => {
      const scope = result.rows[0]?.scope;
      auth.scope = scope === "write" || scope === "read" ? scope : null;
      const lastUsedAt = result.rows[0]?.lastUsedAt;
      if (lastUsedAt === toMinute(now)) return;
      services.waitUntil(
        markKeyUsed(plain, id, now).then(
          () => undefined,
          (err) => logger.error("api key last-use write failed", { error: err }),
        ),
      );
    },
  });
  c.set("auth", auth);
  // Every use case of this request reads through the guarded handle: the one services context.
  c.set("services", { ...services, db: guarded.db });
  await next();
  // Throws the refusal if the route's own round trip was refused (even if the route caught it),
  // or checks the key now if the route never reached the database.
  await guarded.settle();
}
