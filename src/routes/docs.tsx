import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { registerSecuritySchemes } from "./openapi";
import { ASSET_URLS } from "./pages/asset-urls";
import { Document, renderPage } from "./pages/layout";
import { newNonce, setPageHeaders } from "./pages/security";

const INFO = {
  title: "Booking platform API",
  version: "1.0.0",
  description:
    "Multi-tenant appointment booking. Successful answers are `{ data }`; errors use the two envelopes ErrorShape1 " +
    "(`{ error: code }`: rate limiter, credentials, tenant context) and ErrorShape2 (`{ error: { code, message, details? } }`). " +
    "Owner routes take a member's token or a tenant API key. Outbound webhooks: see the webhook guide (docs/webhooks.md).",
};

/**
 * GET /api/openapi.json, generated from the routes' own declarations (design.md §19), and /docs,
 * which renders it in the browser from our own script (src/client/docs/, CSP 'self', no CDN).
 * The document depends on nothing but the code, so it is built once per isolate, on first request.
 */
export function documentRoutes(app: OpenAPIHono<AppEnv>) {
  registerSecuritySchemes(app);
  let document: string | undefined;
  app.get("/api/openapi.json", (c) => {
    document ??= JSON.stringify(openApiDocument(app));
    c.header("Cache-Control", "public, max-age=300");
    return c.body(document, 200, { "Content-Type": "application/json; charset=UTF-8" });
  });
  app.get("/docs", docsPage);
}

/** The OpenAPI 3.1 document of every route registered on `app` (mounted sub-routers included). */
export function openApiDocument(app: Pick<OpenAPIHono<AppEnv>, "getOpenAPI31Document">) {
  return app.getOpenAPI31Document({ openapi: "3.1.0", info: INFO });
}

async function docsPage(c: Context<AppEnv>) {
  const nonce = newNonce();
  setPageHeaders(c, { nonce });
  const html = await renderPage(
    <Document title="API reference" nonce={nonce} bodyClass="docs-page" data={{ spec: "/api/openapi.json" }} scripts={[ASSET_URLS.docsJs]}>
      <main id="main" class="docs">
        <h1>API reference</h1>
        <p id="docs-status" role="status">
          Loading the OpenAPI document…
        </p>
        <nav id="docs-nav" aria-label="Route groups"></nav>
        <div id="docs-content"></div>
      </main>
    </Document>,
  );
  return c.html(html);
}
