import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { app } from "../../../src/app";
import { openApiDocument } from "../../../src/routes/docs";

// design.md §19: GET /api/openapi.json is generated from the routes' declarations and must be a
// valid OpenAPI 3.1 document (checked with a maintained validator of the official JSON schemas).

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const doc = openApiDocument(app);
    const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("carries both error envelopes and the four credentials", () => {
    const doc = openApiDocument(app);
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(["ErrorShape1", "ErrorShape2"]));
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(["adminToken", "apiKey", "customerToken", "memberToken"]);
  });

  it("declares every /api route the Worker answers (none is left a plain Hono route)", () => {
    const doc = openApiDocument(app);
    const documented = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
        Object.keys(ops ?? {}).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    const plain = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => !documented.has(route));
    // The document itself is the one /api route outside it.
    expect([...new Set(plain)]).toEqual(["GET /api/openapi.json"]);
  });
});
