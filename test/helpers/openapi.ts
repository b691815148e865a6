import { Validator } from "@cfworker/json-schema";
import { SELF } from "cloudflare:test";

// The route's own declaration as the test oracle (issue #20 item 2): every JSON answer a test
// receives from a route in GET /api/openapi.json is validated against the schema that route
// declares for that status, so a field the document promises and the handler does not send (or
// sends with another type) fails the test that made the request. A status the route does not
// declare fails too. Routes not in the document (pages, the CSV export) are skipped.

type Schema = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

let documentPromise: Promise<{ doc: Document; routes: { re: RegExp; params: number; path: string }[] }> | undefined;
const validators = new Map<string, Validator>();

function load() {
  documentPromise ??= (async () => {
    const res = await SELF.fetch("http://localhost/api/openapi.json");
    const doc = (await res.json()) as Document;
    const routes = Object.keys(doc.paths).map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      re: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`),
    }));
    // Literal segments win over parameters (/api/public/booking/{code} before /api/public/{slug}/...).
    routes.sort((a, b) => a.params - b.params);
    return { doc, routes };
  })();
  return documentPromise;
}

/** The declared response schema of `method path` for `status`; undefined when the route is not documented. */
async function declared(method: string, pathname: string, status: number) {
  const { doc, routes } = await load();
  const route = routes.find((r) => r.re.test(pathname) && doc.paths[r.path][method.toLowerCase()]);
  if (!route) return undefined;
  const op = doc.paths[route.path][method.toLowerCase()];
  const response = op.responses?.[String(status)] ?? op.responses?.default;
  return { doc, route: route.path, response };
}

export async function checkResponse(method: string, url: URL, status: number, contentType: string | null, body: unknown) {
  if (!url.pathname.startsWith("/api/") || url.pathname === "/api/openapi.json") return;
  const found = await declared(method, url.pathname, status);
  if (!found) return;
  const where = `${method} ${found.route} -> ${status}`;
  if (!found.response) throw new Error(`OpenAPI: ${where} is not a declared response of the route`);
  if (!contentType?.startsWith("application/json")) return;
  const schema = found.response.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`OpenAPI: ${where} answered JSON but declares no JSON body`);
  const key = `${where}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = new Validator({ ...schema, components: found.doc.components } as never, "2020-12", false);
    validators.set(key, validator);
  }
  const result = validator.validate(wellFormedKeys(body));
  if (!result.valid) {
    const problems = result.errors.map((e) => `${e.instanceLocation} ${e.error}`).join("; ");
    throw new Error(`OpenAPI: ${where} answered a body that does not match its declared schema: ${problems}`);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The body with every object key made well-formed UTF-16. The validator builds a JSON pointer of each
 * key with encodeURI, which throws on a lone surrogate, and an error's fieldErrors may name a key a
 * client sent (the fuzz test sends such keys); the key's text is never what a schema checks.
 */
function wellFormedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wellFormedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(LONE_SURROGATE, "\uFFFD"), wellFormedKeys(v)]));
}
