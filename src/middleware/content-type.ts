import { parse } from "fast-content-type-parse";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";

/** Methods whose requests carry no body worth a Content-Type: the header is ignored there. */
const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/** RFC 9110 token characters: a parameter value made only of these needs no quotes. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const malformed = () =>
  ApiError.validation({ formErrors: ["The Content-Type header is malformed; send application/json"], fieldErrors: {} });

/** `type; name=value; ...` with each value quoted only when it must be. */
function canonical(type: string, parameters: Record<string, string>): string {
  const params = Object.entries(parameters).map(([k, v]) => `; ${k}=${TOKEN.test(v) ? v : `"${v.replace(/["\\]/g, "\\$&")}"`}`);
  return `${type}${params.join("")}`;
}

/**
 * Issue #33: a request's Content-Type is parsed as RFC 9110 says (a maintained parser, not a
 * split on ";"), before any route reads the body. A header that is not a media type with
 * well-formed parameters (`application/json;;;`, `application/json; charset`) is 400
 * invalid_request and nothing runs; a well-formed one is handed on in its canonical spelling, so
 * the routers' own stricter matching (OpenAPIHono's) sees what every parser agrees on. An absent or
 * empty header stays as it was (the route validates the body it then does not read).
 */
export const requestContentType = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Content-Type");
  if (BODYLESS.has(c.req.method) || header === undefined || header.trim() === "") return next();
  let parsed: { type: string; parameters: Record<string, string> };
  try {
    parsed = parse(header);
  } catch {
    throw malformed();
  }
  const value = canonical(parsed.type, parsed.parameters);
  if (value !== header) {
    const headers = new Headers(c.req.raw.headers);
    headers.set("Content-Type", value);
    c.req.raw = new Request(c.req.raw, { headers });
  }
  await next();
});
