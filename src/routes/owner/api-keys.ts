import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { membersOnly, requireRole } from "../../middleware/auth";
import { type ApiKeyRow, createApiKey, listApiKeys, revokeApiKey } from "../../services/api-keys";
import { idParam } from "../fields";
import { openApiRouter, Removed, routeGroup, security } from "../openapi";

const createBody = z
  .object({
    name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(100, "name must be at most 100 characters"),
    scope: z.enum(["read", "write"], { error: "Use read or write" }),
  })
  .strict();

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(["read", "write"]),
    prefix: z.string().openapi({ description: "The key's first characters, to tell keys apart" }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable().openapi({ description: "To the minute" }),
    revokedAt: z.string().nullable(),
  })
  .openapi("ApiKey");

export const CreatedKey = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(["read", "write"]),
    prefix: z.string(),
    key: z.string().openapi({ description: "Shown only in this answer; stored as a SHA-256 hash" }),
    createdAt: z.string(),
  })
  .openapi("CreatedApiKey");

/** A key as listed: never the key itself, nor its hash. */
export const toApiKey = (r: ApiKeyRow): z.infer<typeof ApiKey> => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  prefix: r.prefix,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
  revokedAt: r.revokedAt,
});

const tags = ["API keys"];
// A member's token only (an API key cannot manage keys: 403), owners and admins.
const middleware = [membersOnly, requireRole("owner", "admin")] as const;

const route = routeGroup({ tags, security: security.member });
const list = route.get("/", "The business's API keys, revoked ones too, newest first", {
  middleware: [...middleware],
  ok: z.array(ApiKey),
  errors: [401, 403],
});
const create = route.post("/", "A new API key (read: GET only; write: acts as an admin); the key is in this answer only", {
  middleware: [...middleware],
  body: createBody,
  created: CreatedKey,
  errors: [400, 401, 403, 409],
});
const revoke = route.delete("/{id}", "Revokes the key (401 from its next request on); idempotent", {
  middleware: [...middleware],
  params: idParam,
  ok: Removed,
  errors: [400, 401, 403, 404],
});

/**
 * /api/businesses/me/api-keys (design.md §19): owners and admins, with their own token (an API key
 * cannot manage keys). The key is in the create answer only; it is stored as a SHA-256 hash.
 */
export const apiKeyRoutes = openApiRouter<OwnerEnv>()
  .openapi(list, async (c) => c.json({ data: (await listApiKeys(c.var.services.db, c.var.auth.tenantId)).map(toApiKey) }, 200))
  .openapi(create, async (c) => {
    const { row, key } = await createApiKey(c.var.services.db, c.var.auth, c.req.valid("json"), c.var.services.now);
    return c.json({ data: { id: row.id, name: row.name, scope: row.scope, prefix: row.prefix, key, createdAt: row.createdAt } }, 201);
  })
  .openapi(revoke, async (c) =>
    c.json({ data: await revokeApiKey(c.var.services.db, c.var.auth, c.req.valid("param").id, c.var.services.now) }, 200),
  );
