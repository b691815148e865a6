// Builds the browser code (src/client/) into the Workers Static Assets directory:
//
//   dist/client/assets/<entry>-<hash>.{js,css}   content-hashed, cached for a year (immutable)
//   dist/client/widget.js                        the embeddable widget: stable URL, classic script
//   dist/client/_headers                         the cache and safety headers of those files
//   dist/client/assets/words<locale>-<hash>.js    one per language: the booking page's words, already
//                                                parsed (the page bundle carries no ICU parser), loaded
//                                                before booking-<hash>.js by a classic script
//   dist/client/assets/appwords<locale>-<hash>.js the owner app's words per language (ES modules, parsed)
//   dist/client/assets/owner-<page>-<hash>.js     the owner app (/app): one ES module per page plus
//                                                shared chunks (code splitting: nothing is sent twice)
//   dist/client/api/openapi.json                 the API's OpenAPI document, generated from the routes
//   dist/client-manifest.json                    entry -> hashed URL (and each owner page's chunks to
//                                                preload), imported by the Worker's pages
//
// Run by `npm run build:client`, which `npm start`, `npm test` (pretest and the test set-up),
// `npm run typecheck` and wrangler's [build] (so `wrangler dev`/`wrangler deploy`) call first.
// `--report` prints each file's raw and gzipped size.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { parse } from "@formatjs/icu-messageformat-parser";
import { type BuildOptions, build } from "esbuild";
import { APP_CATALOGS } from "../src/shared/i18n/app/index";
import { BOOKING_CATALOGS } from "../src/shared/i18n/booking/index";
import { BOOKING_SCRIPT_CATALOGS } from "../src/shared/i18n/booking-script/index";
import { SUPPORTED_LOCALES } from "../src/shared/i18n/locales";

const ROOT = join(dirname(new URL(import.meta.url).pathname), "..");
const OUT = join(ROOT, "dist", "client");
const ASSETS = join(OUT, "assets");
const MANIFEST = join(ROOT, "dist", "client-manifest.json");

/** Hashed entries: name -> source. The manifest keys are `<name>.<js|css>`. */
const HASHED = {
  booking: "src/client/booking/main.ts",
  gift: "src/client/gift/main.ts",
  packages: "src/client/packages/main.ts",
  console: "src/client/console/main.ts",
  docs: "src/client/docs/main.ts",
  app: "src/client/styles/app.css",
  owner: "src/client/styles/owner.css",
};

/**
 * The owner app's pages (design.md §15): each page is an ES module entry; esbuild splits what they
 * share (hono/jsx/dom, the shell, the booking dialogs) into hashed chunks the entries import.
 * Manifest keys: `owner-<page>.js`, and `preload["owner-<page>"]` = the chunks it imports.
 */
export const OWNER_PAGES = [
  "login",
  "dashboard",
  "calendar",
  "bookings",
  "customers",
  "waitlist",
  "reports",
  "gift-cards",
  "packages",
  "promo-codes",
  "services",
  "staff",
  "resources",
  "settings",
  "ai-log",
] as const;
const OWNER_ENTRIES = Object.fromEntries(OWNER_PAGES.map((p) => [`owner-${p}`, `src/client/app/pages/${p}.tsx`]));

// Loaded at run time by path: the Worker's modules are type-checked by tsconfig.json, not by this
// script's Node configuration.
const OPENAPI_BUILD: string = new URL("../src/openapi-build.ts", import.meta.url).href;

const HEADERS = `# Written by scripts/build-client.ts. Hashed names change with their content: cache for a year.
/assets/*
  Cache-Control: public, max-age=31536000, immutable
  X-Content-Type-Options: nosniff

# The OpenAPI document, generated from the routes at build time (design.md §19): served without the Worker.
/api/openapi.json
  Content-Type: application/json; charset=UTF-8
  Cache-Control: public, max-age=300
  Access-Control-Allow-Origin: *
  X-Content-Type-Options: nosniff

# The widget keeps its URL on businesses' sites: short cache, readable from any origin.
/widget.js
  Cache-Control: public, max-age=300
  Access-Control-Allow-Origin: *
  X-Content-Type-Options: nosniff
`;

/**
 * design.md §30 / issue #41: the booking page's JavaScript, its own language's catalog included,
 * stays under this many gzipped bytes; the build fails past it.
 */
export const BOOKING_JS_BUDGET_GZIP = 30 * 1024;

/** The messages parse here once; the browser formats the parsed form (intl-messageformat without its parser). */
const NO_PARSER = { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" };

/** One classic script per language setting `self.bookingMessages` (the page's words and the script's), named by the hash of its content. */
function bookingCatalogFiles(): { locale: string; path: string; contents: Uint8Array }[] {
  return SUPPORTED_LOCALES.map((locale) => {
    const parsed = Object.fromEntries(
      Object.entries({ ...BOOKING_CATALOGS[locale], ...BOOKING_SCRIPT_CATALOGS[locale] }).map(([key, text]) => [
        key,
        parse(text, { ignoreTag: true }),
      ]),
    );
    const contents = new TextEncoder().encode(`self.bookingMessages=${JSON.stringify(parsed)};\n`);
    // Named like esbuild's hashed files (`<letters>-<8 hash characters>`): "wordsptbr-1A2B3C4D.js".
    const hash = createHash("sha256").update(contents).digest("hex").slice(0, 8).toUpperCase();
    return { locale, path: join(ASSETS, `words${locale.replace("-", "").toLowerCase()}-${hash}.js`), contents };
  });
}

/**
 * One ES module per language with the owner app's words, already parsed (`export default {...}`):
 * the app's script imports its member's language at start (src/client/app/shell/i18n.ts).
 */
function appCatalogFiles(): { locale: string; path: string; contents: Uint8Array }[] {
  return SUPPORTED_LOCALES.map((locale) => {
    const parsed = Object.fromEntries(Object.entries(APP_CATALOGS[locale]).map(([key, text]) => [key, parse(text, { ignoreTag: true })]));
    const contents = new TextEncoder().encode(`export default ${JSON.stringify(parsed)};\n`);
    const hash = createHash("sha256").update(contents).digest("hex").slice(0, 8).toUpperCase();
    return { locale, path: join(ASSETS, `appwords${locale.replace("-", "").toLowerCase()}-${hash}.js`), contents };
  });
}

const common: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  platform: "browser",
  legalComments: "none",
  write: false,
  logLevel: "warning",
};

/** Writes a file through a temporary name, so a concurrent reader never sees half of it. */
function writeAtomic(path: string, contents: string | Uint8Array) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

export async function buildClient({ report = false } = {}) {
  const hashed = await build({
    ...common,
    entryPoints: HASHED,
    outdir: ASSETS,
    entryNames: "[name]-[hash]",
    metafile: true,
    alias: NO_PARSER,
  });
  const widget = await build({ ...common, entryPoints: { widget: "src/client/widget/main.ts" }, outdir: OUT });
  const owner = await build({
    ...common,
    format: "esm",
    splitting: true,
    entryPoints: OWNER_ENTRIES,
    outdir: ASSETS,
    entryNames: "[name]-[hash]",
    chunkNames: "owner-chunk-[hash]",
    jsx: "automatic",
    jsxImportSource: "hono/jsx/dom",
    metafile: true,
    alias: NO_PARSER,
  });

  const catalogs = bookingCatalogFiles();
  const appCatalogs = appCatalogFiles();
  const outputs = [
    ...(hashed.outputFiles ?? []),
    ...(widget.outputFiles ?? []),
    ...(owner.outputFiles ?? []),
    ...catalogs.map((c) => ({ path: c.path, contents: c.contents })),
    ...appCatalogs.map((c) => ({ path: c.path, contents: c.contents })),
  ];
  const manifest: Record<string, string> & { preload: Record<string, string[]> } = { preload: {} } as never;
  for (const c of catalogs) manifest[`booking-messages.${c.locale}.js`] = `/assets/${basename(c.path)}`;
  for (const c of appCatalogs) manifest[`app-messages.${c.locale}.js`] = `/assets/${basename(c.path)}`;
  for (const [out, meta] of Object.entries(hashed.metafile.outputs)) {
    const entry = Object.entries(HASHED).find(([, src]) => src === meta.entryPoint)?.[0];
    if (!entry) continue;
    const ext = out.endsWith(".css") ? "css" : "js";
    manifest[`${entry}.${ext}`] = `/assets/${basename(out)}`;
  }
  for (const [out, meta] of Object.entries(owner.metafile.outputs)) {
    const entry = Object.entries(OWNER_ENTRIES).find(([, src]) => src === meta.entryPoint)?.[0];
    if (!entry) continue;
    manifest[`${entry}.js`] = `/assets/${basename(out)}`;
    // Every chunk reachable through static imports: preloading them saves a round trip per level.
    const chunks = new Set<string>();
    const visit = (file: string) => {
      for (const imp of owner.metafile.outputs[file]?.imports ?? []) {
        if (imp.kind !== "import-statement" || chunks.has(imp.path)) continue;
        chunks.add(imp.path);
        visit(imp.path);
      }
    };
    visit(out);
    manifest.preload[entry] = [...chunks].map((c) => `/assets/${basename(c)}`);
  }
  const written = new Set<string>();
  for (const file of outputs) {
    writeAtomic(file.path, file.contents);
    written.add(file.path);
  }
  // Hashed files of earlier builds are no longer referenced: drop them (and stray temp files).
  for (const name of readdirSync(ASSETS)) {
    const path = join(ASSETS, name);
    if (!written.has(path)) rmSync(path, { force: true });
  }
  writeAtomic(join(OUT, "_headers"), HEADERS);
  writeAtomic(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  // Generating the document costs tens of milliseconds of CPU (docs/benchmarks.md): done here once
  // per deploy, not by a Worker isolate. The routes import the manifest written just above.
  const { buildOpenApiDocument } = (await import(OPENAPI_BUILD)) as { buildOpenApiDocument(): Promise<string> };
  writeAtomic(join(OUT, "api", "openapi.json"), await buildOpenApiDocument());

  const sizes = outputs.map((f) => ({
    file: relative(ROOT, f.path),
    bytes: f.contents.length,
    gzipBytes: gzipSync(f.contents, { level: 9 }).length,
  }));
  const bookingJs = sizes.find((s) => basename(s.file) === basename(manifest["booking.js"] ?? ""))?.gzipBytes ?? 0;
  const largestCatalog = Math.max(...catalogs.map((c) => gzipSync(c.contents, { level: 9 }).length));
  if (bookingJs + largestCatalog > BOOKING_JS_BUDGET_GZIP) {
    throw new Error(
      `The booking page's JavaScript is ${bookingJs + largestCatalog} bytes gzipped with its largest catalog (budget ${BOOKING_JS_BUDGET_GZIP}).`,
    );
  }
  if (report) {
    for (const s of sizes)
      console.log(
        `${s.file.padEnd(44)} ${(s.bytes / 1024).toFixed(1).padStart(6)} KiB  ${(s.gzipBytes / 1024).toFixed(1).padStart(5)} KiB gzipped`,
      );
  }
  return { manifest, sizes, bookingJsGzip: bookingJs, bookingCatalogGzip: largestCatalog };
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  await buildClient({ report: process.argv.includes("--report") });
}
