import { app } from "./app";
import { openApiDocument } from "./routes/docs";

/**
 * The OpenAPI document as text, for scripts/build-client.ts (deploy time): the same function the
 * Worker's GET /api/openapi.json uses, so the static file and the route cannot differ.
 */
export async function buildOpenApiDocument(): Promise<string> {
  return JSON.stringify(openApiDocument(app));
}
