import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../../scripts/db/migrate";
import { DEMO, SeedRefused, seedDatabase, seedOptionsFromCli } from "../../scripts/db/seed";
import { startLibsqlServer } from "../../tools/libsql-server/server.mjs";

// The seed script against a fresh database each: demo data only when asked, never in production,
// and no operator with a short password.
let dir: string;
const servers: { url: string; close(): Promise<void> }[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "seed-test-"));
});
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

async function freshDatabase() {
  const server = await startLibsqlServer({ file: join(dir, `${crypto.randomUUID()}.db`) });
  servers.push(server);
  await migrateDatabase(server.url);
  return server.url;
}

async function count(url: string, sql: string) {
  const client = createClient({ url });
  try {
    return Number((await client.execute(sql)).rows[0][0]);
  } finally {
    client.close();
  }
}

const ADMIN = { adminEmail: "Ops@Example.test", adminPassword: "long-enough-password" };

describe("seed", () => {
  it("without being asked creates the operator only, no demo tenant", async () => {
    const url = await freshDatabase();
    const log = await seedDatabase(url, { ...ADMIN, environment: "development" });
    expect(log).toEqual(["super admin ops@example.test created"]);
    expect(await count(url, "select count(*) from super_admins")).toBe(1);
    expect(await count(url, "select count(*) from tenants")).toBe(0);
    expect(await count(url, "select count(*) from users")).toBe(0);
  });

  it("creates the demo tenant when asked (npm start), once", async () => {
    const url = await freshDatabase();
    await seedDatabase(url, { ...ADMIN, demo: true, environment: "development" });
    await seedDatabase(url, { ...ADMIN, demo: true, environment: "development" });
    expect(await count(url, `select count(*) from tenants where slug = '${DEMO.slug}'`)).toBe(1);
  });

  it("never seeds demo data in production, and writes nothing then", async () => {
    const url = await freshDatabase();
    await expect(seedDatabase(url, { ...ADMIN, demo: true, environment: "production" })).rejects.toBeInstanceOf(SeedRefused);
    await expect(seedDatabase(url, { ...ADMIN, demo: true })).rejects.toThrow(/production/);
    expect(await count(url, "select count(*) from super_admins")).toBe(0);
    expect(await count(url, "select count(*) from tenants")).toBe(0);
  });

  it("refuses an operator password under 12 characters and writes nothing", async () => {
    const url = await freshDatabase();
    await expect(
      seedDatabase(url, { adminEmail: "ops@example.test", adminPassword: "elevenchars", environment: "development" }),
    ).rejects.toThrow(/at least 12 characters/);
    expect(await count(url, "select count(*) from super_admins")).toBe(0);
    await seedDatabase(url, { adminEmail: "ops@example.test", adminPassword: "twelve-chars", environment: "development" });
    expect(await count(url, "select count(*) from super_admins")).toBe(1);
  });

  it("npm run db:seed asks for demo data only with --demo, and takes the environment from ENVIRONMENT (default production)", () => {
    expect(seedOptionsFromCli([], {}).demo).toBe(false);
    expect(seedOptionsFromCli(["--demo"], {})).toMatchObject({ demo: true, environment: "production" });
    expect(seedOptionsFromCli(["--demo"], { ENVIRONMENT: "development" }).environment).toBe("development");
  });
});
