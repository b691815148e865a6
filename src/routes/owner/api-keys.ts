import { Hono } from "hono";
import { z } from "zod";
import type { OwnerEnv } from "../../env";
import { validate } from "../../lib/validate";
import { membersOnly, requireRole } from "../../middleware/auth";
import { type ApiKeyRow, createApiKey, listApiKeys, revokeApiKey } from "../../services/api-keys";
import { idParam } from "../fields";

const createBody = z
  .object({
    name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(100, "name must be at most 100 characters"),
    scope: z.enum(["read", "write"], { error: "Use read or write" }),
  })
  .strict();

/** A key as listed: never the key itself, nor its hash. */
export const toApiKey = (r: ApiKeyRow) => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  prefix: r.prefix,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
  revokedAt: r.revokedAt,
});

/**
 * /api/businesses/me/api-keys (design.md §19): owners and admins, with their own token (an API key
 * cannot manage keys). The key is in the create answer only; it is stored as a SHA-256 hash.
 */
export const apiKeyRoutes = new Hono<OwnerEnv>()
  .use("*", membersOnly, requireRole("owner", "admin"))
  .get("/", async (c) => c.json({ data: (await listApiKeys(c.var.db, c.var.auth.tenantId)).map(toApiKey) }))
  .post("/", validate("json", createBody), async (c) => {
    const { row, key } = await createApiKey(c.var.db, c.var.auth, c.req.valid("json"), c.var.now);
    return c.json({ data: { id: row.id, name: row.name, scope: row.scope, prefix: row.prefix, key, createdAt: row.createdAt } }, 201);
  })
  .delete("/:id", validate("param", idParam), async (c) => {
    return c.json({ data: await revokeApiKey(c.var.db, c.var.auth, c.req.valid("param").id, c.var.now) });
  });
