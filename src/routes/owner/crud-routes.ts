import { z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Handler, MiddlewareHandler, Schema } from "hono";
import type { OwnerEnv } from "../../env";
import type { Services } from "../../services/context";
import { requireRole } from "../../middleware/auth";
import { idParam, lookupIdParam } from "../fields";
import { Removed, routeGroup, security } from "../openapi";

// The owner's catalog-like sets (services, staff, resources, packages, promo codes) are the same
// five routes: GET / and POST /, GET, PATCH and DELETE /{id} (promo codes have no GET /{id}).
// Only the services behind them, who may call them and the words of the document differ.

/** Who may call the routes, and how the `{id}` parameter is read. */
export type CrudAccess = {
  /** `idParam` (a malformed id is 400) or `lookupIdParam` (any id is looked up). */
  params: typeof idParam | typeof lookupIdParam;
  /** The error statuses of the routes that take an id (the change route adds 400 for its body). */
  idErrors: number[];
  /** Middleware of the reading routes (list, one): `[]` lets every caller of the group read. */
  readers: MiddlewareHandler[];
  writers: MiddlewareHandler[];
};

const ownerOrAdmin = requireRole("owner", "admin");

/** The two policies of these sets (design.md §7). */
export const crudAccess = {
  /** Every member (staff too) and read keys read; owners, admins and write keys write; any id is looked up. */
  staffRead: { params: lookupIdParam, idErrors: [401, 403, 404], readers: [], writers: [ownerOrAdmin] },
  /** Only owners, admins and write keys, reading too; a malformed id is 400. */
  ownersOnly: { params: idParam, idErrors: [400, 401, 403, 404], readers: [ownerOrAdmin], writers: [ownerOrAdmin] },
} satisfies Record<string, CrudAccess>;

/** One such set whose list is its only read (promo codes): no GET /{id}. */
export type ListedCrudActions<Row, Item extends z.ZodType, Create extends z.ZodType, Change extends z.ZodType> = {
  tags: string[];
  item: Item;
  toItem: (row: Row) => z.infer<Item>;
  access: CrudAccess;
  bodies: { create: Create; change: Change };
  summaries: { list: string; create: string; change: string; remove: string };
  /** The create route's description, where it names an answer the summary does not. */
  createDescription?: string;
  list: (s: Services, tenantId: string) => Promise<Row[]>;
  create: (s: Services, tenantId: string, body: z.infer<Create>) => Promise<Row>;
  change: (s: Services, tenantId: string, id: string, body: z.infer<Change>) => Promise<Row>;
  remove: (s: Services, tenantId: string, id: string) => Promise<{ id: string }>;
};

/** One such set: its document, who may read and write it, and what each route does. */
export type CrudActions<Row, Item extends z.ZodType, Create extends z.ZodType, Change extends z.ZodType> = ListedCrudActions<
  Row,
  Item,
  Create,
  Change
> & {
  summaries: { one: string };
  one: (s: Services, tenantId: string, id: string) => Promise<Row>;
};

// Inside these generic functions the declared routes' types stay unresolved, so TypeScript cannot check an
// answer against them; the handlers are checked against the actions instead (toItem answers z.infer<Item>,
// the bodies are the declared schemas' output). At the call site the router's types are the declared ones.
const handler = <B>(h: Handler<OwnerEnv, string, { out: { param: { id: string }; json: B } }>) => h as never;

/** Adds GET /, POST /, PATCH /{id} and DELETE /{id} of a set without GET /{id} to an owner router. */
export function withListedCrudRoutes<S extends Schema, Row, Item extends z.ZodType, Create extends z.ZodType, Change extends z.ZodType>(
  app: OpenAPIHono<OwnerEnv, S, "/">,
  a: ListedCrudActions<Row, Item, Create, Change>,
) {
  const route = routeGroup({ tags: a.tags, security: security.owner });
  const { readers, writers, params, idErrors } = a.access;
  const list = route.get("/", a.summaries.list, { middleware: readers, ok: z.array(a.item), errors: [401, 403] });
  const create = route.post("/", a.summaries.create, {
    description: a.createDescription,
    middleware: writers,
    body: a.bodies.create,
    created: a.item,
    errors: [400, 401, 403],
  });
  const change = route.patch("/{id}", a.summaries.change, {
    middleware: writers,
    params,
    body: a.bodies.change,
    ok: a.item,
    errors: [400, ...idErrors],
  });
  const remove = route.delete("/{id}", a.summaries.remove, { middleware: writers, params, ok: Removed, errors: idErrors });
  return app
    .openapi(
      list,
      handler(async (c) => c.json({ data: (await a.list(c.var.services, c.var.auth.tenantId)).map(a.toItem) }, 200)),
    )
    .openapi(
      create,
      handler<z.infer<Create>>(async (c) => {
        const row = await a.create(c.var.services, c.var.auth.tenantId, c.req.valid("json"));
        return c.json({ data: a.toItem(row) }, 201);
      }),
    )
    .openapi(
      change,
      handler<z.infer<Change>>(async (c) => {
        const row = await a.change(c.var.services, c.var.auth.tenantId, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ data: a.toItem(row) }, 200);
      }),
    )
    .openapi(
      remove,
      handler(async (c) => {
        const { id } = await a.remove(c.var.services, c.var.auth.tenantId, c.req.valid("param").id);
        return c.json({ data: { id } }, 200);
      }),
    );
}

/** Adds GET /, POST /, GET /{id}, PATCH /{id} and DELETE /{id} of one such set to an owner router. */
export function withCrudRoutes<S extends Schema, Row, Item extends z.ZodType, Create extends z.ZodType, Change extends z.ZodType>(
  app: OpenAPIHono<OwnerEnv, S, "/">,
  a: CrudActions<Row, Item, Create, Change>,
) {
  const { readers, params, idErrors } = a.access;
  const route = routeGroup({ tags: a.tags, security: security.owner });
  const one = route.get("/{id}", a.summaries.one, { middleware: readers, params, ok: a.item, errors: idErrors });
  // Registered after PATCH and DELETE /{id}: another method, so no route takes another's requests.
  return withListedCrudRoutes(app, a).openapi(
    one,
    handler(async (c) => c.json({ data: a.toItem(await a.one(c.var.services, c.var.auth.tenantId, c.req.valid("param").id)) }, 200)),
  );
}
