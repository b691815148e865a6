import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient } from "../../scripts/build-client";
import { migrateDatabase } from "../../scripts/db/migrate";
import { startCaptureServer } from "../../tools/capture-server/server.mjs";
import { startLibsqlServer } from "../../tools/libsql-server/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    libsqlUrl: string;
    captureUrl: string;
  }
}

/** One local libSQL server on a fresh temporary database for the whole workers run. */
export default async function setup(project: TestProject) {
  // The pages import the asset manifest and the pool serves dist/client as static assets.
  await buildClient();
  const dir = mkdtempSync(join(tmpdir(), "booking-test-"));
  // A migrated, empty database that tests of platform-wide state (health, alerts, retention) copy
  // into one of their own (POST /__scratch; test/helpers/scratch-db.ts).
  const template = join(dir, "template.db");
  const maker = await startLibsqlServer({ file: template });
  await migrateDatabase(maker.url);
  await maker.close();
  const libsql = await startLibsqlServer({ file: join(dir, "test.db"), scratchTemplate: template });
  await migrateDatabase(libsql.url);
  const capture = await startCaptureServer();
  project.provide("libsqlUrl", libsql.url);
  project.provide("captureUrl", capture.url);
  return async () => {
    await capture.close();
    await libsql.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
