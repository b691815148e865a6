import { parse } from "fast-content-type-parse";
import type { Context } from "hono";
import { ApiError } from "../errors";

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
 * Issue #33: the Content-Type of a request whose route reads a JSON body is parsed as RFC 9110
 * says (a maintained parser, not a split on ";") before the body is read. A header that is not a
 * media type with well-formed parameters (`application/json;;;`, `application/json; charset`) is
 * 400 invalid_request and the route does not run; a well-formed one is handed on in its canonical
 * spelling, so the router's own stricter matching (OpenAPIHono's) sees what every parser agrees on.
 * Returns the media type ("" when the header is absent or empty: the route validates the body it
 * then does not read). Routes that take no body never look at the header.
 */
export function parsedMediaType(c: Context): string {
  const header = c.req.header("Content-Type");
  if (header === undefined || header.trim() === "") return "";
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
  return parsed.type;
}
