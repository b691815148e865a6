import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, SchemaObject } from "openapi3-ts/oas31";
import { append, byId, el, setText } from "../shared/dom";

// /docs: renders the API's OpenAPI document (GET /api/openapi.json) as a readable reference, from
// our own code (CSP script-src 'self', no CDN). Every value is written as text, never as HTML.

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Ref = ReferenceObject | SchemaObject;

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

/** A schema as a compact, indented outline: `name: type` lines, nested objects indented. */
function outline(doc: OpenAPIObject, schema: Ref | undefined, indent = "", seen = new Set<string>()): string {
  if (!schema) return `${indent}(none)`;
  if ("$ref" in schema) {
    const name = refName(schema.$ref ?? "");
    if (seen.has(name)) return `${indent}${name} (see above)`;
    const target = doc.components?.schemas?.[name];
    return `${indent}${name}\n${outline(doc, target, `${indent}  `, new Set([...seen, name]))}`;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants)
    return variants.map((v, i) => `${indent}${i === 0 ? "one of:" : "or:"}\n${outline(doc, v, `${indent}  `, seen)}`).join("\n");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "object" || schema.properties) {
    const required = new Set(schema.required ?? []);
    const lines = Object.entries(schema.properties ?? {}).map(([key, value]) => {
      const inner = outline(doc, value, `${indent}  `, seen).trimStart();
      return `${indent}${key}${required.has(key) ? "" : "?"}: ${inner}`;
    });
    return lines.length ? lines.join("\n") : `${indent}object`;
  }
  if (type === "array" && schema.items) return `array of\n${outline(doc, schema.items, `${indent}  `, seen)}`;
  const enumText = schema.enum ? ` (${schema.enum.map((v) => JSON.stringify(v)).join(", ")})` : "";
  const constText = schema.const !== undefined ? ` = ${JSON.stringify(schema.const)}` : "";
  return `${indent}${type ?? "any"}${enumText}${constText}`;
}

function parameterList(params: (ParameterObject | ReferenceObject)[] | undefined): HTMLElement | null {
  const own = (params ?? []).filter((p): p is ParameterObject => !("$ref" in p));
  if (own.length === 0) return null;
  return el(
    "ul",
    { class: "docs-params" },
    own.map((p) => el("li", { text: `${p.in} ${p.name}${p.required ? "" : " (optional)"}` })),
  );
}

function operation(doc: OpenAPIObject, method: string, path: string, op: OperationObject): HTMLElement {
  const details = el("details", { class: "docs-op" });
  append(details, [
    el("summary", {}, [
      el("code", { class: `docs-method docs-${method}`, text: method.toUpperCase() }),
      " ",
      el("code", { text: path }),
      ` ${op.summary ?? ""}`,
    ]),
  ]);
  const security = (op.security ?? []).map((s) => Object.keys(s).join(" + ") || "none").join(" or ");
  if (security) append(details, [el("p", { text: `Credentials: ${security}` })]);
  append(details, [parameterList(op.parameters)]);
  const body = op.requestBody && !("$ref" in op.requestBody) ? op.requestBody.content["application/json"]?.schema : undefined;
  if (body) append(details, [el("h4", { text: "Request body" }), el("pre", { text: outline(doc, body) })]);
  append(details, [el("h4", { text: "Responses" })]);
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if ("$ref" in response) continue;
    const schema = response.content?.["application/json"]?.schema;
    append(details, [el("p", { class: "docs-status", text: `${status} — ${response.description ?? ""}` })]);
    if (schema && status.startsWith("2")) append(details, [el("pre", { text: outline(doc, schema) })]);
  }
  return details;
}

function render(doc: OpenAPIObject) {
  const groups = new Map<string, HTMLElement[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)?.push(operation(doc, method, path, op));
    }
  }
  const nav = byId("docs-nav");
  const content = byId("docs-content");
  for (const [tag, ops] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const id = `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
    append(nav, [el("a", { href: `#${id}`, text: tag })]);
    append(content, [el("section", { id }, [el("h2", { text: tag }), ...ops])]);
  }
  setText(byId("docs-status"), `${doc.info.title} ${doc.info.version} — OpenAPI ${doc.openapi}. ${doc.info.description ?? ""}`);
}

async function main() {
  const status = byId("docs-status");
  try {
    const res = await fetch(document.body.dataset.spec ?? "/api/openapi.json", { credentials: "omit" });
    render((await res.json()) as OpenAPIObject);
  } catch {
    setText(status, "The API document could not be loaded.");
  }
}

void main();
