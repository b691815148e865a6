import manifest from "../../../dist/client-manifest.json";

/**
 * URLs of the content-hashed page assets, from the manifest scripts/build-client.ts writes (the
 * build runs before every start, test, type check and deploy). Workers Static Assets serves the
 * files themselves (wrangler.toml [assets]); the Worker only names them in its HTML.
 */
export const ASSET_URLS = {
  css: manifest["app.css"],
  bookingJs: manifest["booking.js"],
  consoleJs: manifest["console.js"],
  docsJs: manifest["docs.js"],
} as const;
