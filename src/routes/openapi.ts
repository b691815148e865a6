import { OpenAPIHono, createRoute as create, type RouteConfig } from "@hono/zod-openapi";
import type { Context, Hono, Env as HonoEnv, MiddlewareHandler, TypedResponse } from "hono";
import { z } from "@hono/zod-openapi";
import { validationHook } from "../errors";
import { parsedMediaType } from "../middleware/content-type";

// The OpenAPI side of the route layer (design.md §19): every route is declared with its request
// and response schemas (`createRoute`), registered on an `OpenAPIHono` whose validation hook is the
// one every route always used (so 400 bodies are what they were), and the document at
// GET /api/openapi.json is generated from those declarations.

/** A router of one caller group, with the project's validation hook. */
export const openApiRouter = <E extends HonoEnv>() => new OpenAPIHono<E>({ defaultHook: (result) => validationHook(result) });

// biome-ignore lint/suspicious/noExplicitAny: each part has its own env and schema, and `route` accepts any of them
type RouteFile = Hono<any, any, any>;

/** Mounts a caller group's route files at one prefix, in the order given (which is the order they match in). */
export function mountAll<E extends HonoEnv>(router: OpenAPIHono<E>, prefix: string, parts: RouteFile[]) {
  for (const part of parts) router.route(prefix, part);
}

/** Shape 1 (interface.md §Errors): rate limiter and auth middleware. */
export const ErrorShape1 = z.object({ error: z.string().openapi({ example: "unauthorized" }) }).openapi("ErrorShape1");

/** Shape 2 (interface.md §Errors): handlers and validation; `details` only on validation failures. */
export const ErrorShape2 = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "not_found" }),
      message: z.string(),
      details: z.object({ formErrors: z.array(z.string()), fieldErrors: z.record(z.string(), z.array(z.string())) }).optional(),
    }),
  })
  .openapi("ErrorShape2");

/** The answer of a DELETE that removes one thing: the id it removed. */
export const Removed = z.object({ id: z.string() });

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid request (Shape 2 `invalid_request`, with `details`), or a refusal such as `stripe_not_connected`",
  401: "Missing, invalid or wrong-audience credentials (Shape 1 `unauthorized`); `invalid_credentials` at sign-in (Shape 2)",
  403: "The caller may not do this: `forbidden`, `impersonation_read_only`, `guest_disabled`, `captcha_failed`, `booking_restricted` (Shape 2) or `tenant required` / `tenant not found` (Shape 1)",
  404: "Not found, or not visible to the caller (`not_found`)",
  409: "State conflict (`conflict`, `slot_taken`, `email_taken`, `slug_taken`, `invalid_transition`, ...)",
  413: "Request body too large (`payload_too_large`)",
  429: "Rate limited (Shape 1 `rate_limited`, with Retry-After)",
  500: "Server error (`internal_error`, `misconfigured`)",
  502: "A third party (payment provider, AI model) failed",
  503: "Unavailable (`unhealthy`, `ai_unavailable`, `rate_limit_unavailable`)",
};

const SHAPE_1_ONLY = new Set([429]);
const EITHER = new Set([401, 403]);

/** Every error status a route may answer, each with the envelope(s) it uses; 413 and 500 always. */
export function errors(...statuses: number[]) {
  const all = [...new Set([...statuses, 413, 500])].sort();
  return Object.fromEntries(
    all.map((status) => {
      const schema = SHAPE_1_ONLY.has(status) ? ErrorShape1 : EITHER.has(status) ? z.union([ErrorShape1, ErrorShape2]) : ErrorShape2;
      return [status, { description: ERROR_TEXT[status] ?? "Error", content: { "application/json": { schema } } }];
    }),
  );
}

/** A success answer `{ data: <schema> }` (interface.md: a single top-level key `data`). */
export const ok = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema: z.object({ data: schema }) } },
});

/** A 0/1 flag in an answer (interface.md: the public resources mirror the tenants table's integer flags). */
export const zeroOne = z.union([z.literal(0), z.literal(1)]);

/** JSON already written as text by a mapper of the route's shape (hot paths; see availabilityJson). */
export type JsonText<T> = string & { readonly __json: T };

/** A 200 JSON answer from such text, typed as the route's declared body. */
export function jsonText<T>(c: Context, text: JsonText<T>): Response & TypedResponse<T, 200, "json"> {
  return c.body(text, 200, { "Content-Type": "application/json" }) as unknown as Response & TypedResponse<T, 200, "json">;
}

/** A JSON request body, required (a missing or non-JSON body is validated as `{}`, as it always was). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Keeps the answer to a body that is not JSON what it always was: the validator saw `{}` and
 * named the missing fields (400). OpenAPIHono would answer 415 before validating; a request whose
 * Content-Type is not JSON therefore has its body dropped here, before the validators run. The
 * header itself is parsed first (issue #33): a malformed one is 400 invalid_request.
 */
const bodyAsBefore: MiddlewareHandler = async (c, next) => {
  const mediaType = parsedMediaType(c);
  if (c.req.raw.body !== null && !JSON_TYPE.test(mediaType)) {
    const headers = new Headers(c.req.raw.headers);
    headers.delete("Content-Type");
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers });
  }
  await next();
};

/**
 * `createRoute` with the project's defaults: the body rule above on every route with a JSON body,
 * and query strings that ignore parameters they do not know (cache busters, tracking tags, a stray
 * `constructor=`; issue #24), as `validate("query", ...)` does for the plain routes.
 */
export function createRoute<const R extends RouteConfig>(config: R): R {
  const query = config.request?.query;
  const request = query instanceof z.ZodObject ? { ...config.request, query: query.strip() } : config.request;
  const withQuery = { ...config, request } as R;
  if (!config.request?.body) return create(withQuery);
  const own = config.middleware ? (Array.isArray(config.middleware) ? config.middleware : [config.middleware]) : [];
  return create({ ...withQuery, middleware: [bodyAsBefore, ...own] });
}

/** What a route declares besides its group's tags and security and its method, path and summary. */
export type RouteSpec = {
  description?: string;
  /** Only where one route of the group differs (a public route that also links a signed-in customer). */
  security?: Requirement[];
  middleware?: RouteConfig["middleware"];
  params?: RouteParameter;
  query?: RouteParameter;
  /** The JSON body's schema (`jsonBody`). */
  body?: z.ZodType;
  /** The error statuses it may answer (`errors`). */
  errors: number[];
  /** The success answer's description when it is not "OK" / "Created". */
  answered?: string;
} & ({ ok: z.ZodType; created?: never } | { created: z.ZodType; ok?: never });

type RouteParameter = NonNullable<RouteConfig["request"]>["params"];
type Method = "get" | "post" | "put" | "patch" | "delete";

// The answers as `{ 200: ok(X), ...errors(...) }` literals build them, so a declared route's
// `responses` type is the one a hand-written declaration had (the handler's `c.json` is checked against it).
const okAnswers = <T extends z.ZodType>(schema: T, description: string, statuses: number[]) => ({
  200: ok(schema, description),
  ...errors(...statuses),
});
const createdAnswers = <T extends z.ZodType>(schema: T, description: string, statuses: number[]) => ({
  201: ok(schema, description),
  ...errors(...statuses),
});

type Present<S, K extends keyof RouteSpec> = Pick<S, Extract<keyof S, K>>;
type RequestOf<S extends RouteSpec> = Present<S, "params" | "query"> &
  (S extends { body: infer B extends z.ZodType } ? { body: ReturnType<typeof jsonBody<B>> } : unknown);
type AnswersOf<S extends RouteSpec> = S extends { created: infer T extends z.ZodType }
  ? ReturnType<typeof createdAnswers<T>>
  : S extends { ok: infer T extends z.ZodType }
    ? ReturnType<typeof okAnswers<T>>
    : never;

/** What `createRoute` returns for the declaration a spec stands for. */
export type DeclaredRoute<M extends Method, P extends string, S extends RouteSpec> = { method: M; path: P; summary: string } & Present<
  S,
  "description" | "middleware"
> & {
    tags: string[];
    security: Requirement[];
    request: RequestOf<S>;
    responses: AnswersOf<S>;
  };

/**
 * One way to declare the routes of a caller group (a file or a part of one): the group's tags and
 * security once, then `group.get(path, summary, { inputs, answer, errors })` per route. The result
 * is the `createRoute` declaration it always was (the document and `c.req.valid(...)` types unchanged).
 */
export function routeGroup(group: { tags: string[]; security: Requirement[] }) {
  const declare =
    <M extends Method>(method: M) =>
    <const P extends string, const S extends RouteSpec>(path: P, summary: string, spec: S): DeclaredRoute<M, P, S> => {
      const { description, middleware, params, query, body } = spec;
      const request = { ...(params && { params }), ...(query && { query }), ...(body && { body: jsonBody(body) }) };
      const responses = spec.created
        ? createdAnswers(spec.created, spec.answered ?? "Created", spec.errors)
        : okAnswers(spec.ok, spec.answered ?? "OK", spec.errors);
      return createRoute({
        method,
        path,
        tags: group.tags,
        summary,
        ...(description !== undefined && { description }),
        security: spec.security ?? group.security,
        ...(middleware && { middleware }),
        ...(Object.keys(request).length > 0 && { request }),
        responses,
      }) as unknown as DeclaredRoute<M, P, S>;
    };
  return { get: declare("get"), post: declare("post"), put: declare("put"), patch: declare("patch"), delete: declare("delete") };
}

/** Security requirements of the callers (see the securitySchemes in the document). */
type Requirement = Record<string, string[]>;
export const security: Record<"member" | "owner" | "customer" | "admin" | "optionalCustomer" | "none", Requirement[]> = {
  member: [{ memberToken: [] }],
  owner: [{ memberToken: [] }, { apiKey: [] }],
  customer: [{ customerToken: [] }],
  admin: [{ adminToken: [] }],
  optionalCustomer: [{}, { customerToken: [] }],
  none: [],
};

/** The callers' bearer credentials: the format each token has and where a caller gets one. */
const BEARER_SCHEMES: Record<string, { bearerFormat: string; description: string }> = {
  memberToken: {
    bearerFormat: "JWT",
    description: "Owner/staff token (POST /api/auth/login): no `aud` claim; its tenantId is the business",
  },
  apiKey: {
    bearerFormat: "bk_<40 characters>_<tenantId>",
    description: "Tenant API key (POST /api/businesses/me/api-keys): `read` may only GET, `write` acts as an admin",
  },
  customerToken: { bearerFormat: "JWT", description: "Customer token (POST /api/customer-auth/login): aud customer" },
  adminToken: { bearerFormat: "JWT", description: "Platform operator token (POST /api/admin/login): aud super_admin" },
};

/** The components every document carries: the callers' credentials. */
export function registerSecuritySchemes(app: Pick<OpenAPIHono, "openAPIRegistry">) {
  for (const [name, { bearerFormat, description }] of Object.entries(BEARER_SCHEMES)) {
    app.openAPIRegistry.registerComponent("securitySchemes", name, { type: "http", scheme: "bearer", bearerFormat, description });
  }
}
