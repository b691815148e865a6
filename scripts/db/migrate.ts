import { createClient } from "@libsql/client";
import type { Applied } from "../deploy/migrations";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Applies the drizzle-kit migrations in drizzle/ (idempotent: applied ones are skipped). */
export async function migrateDatabase(url: string, authToken?: string, migrationsFolder = MIGRATIONS_FOLDER) {
  const client = createClient({ url, authToken: authToken || undefined });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    client.close();
  }
}

/** What a database has applied (drizzle's `__drizzle_migrations`); none when it has never been migrated. Read-only. */
export async function appliedMigrations(url: string, authToken?: string): Promise<Applied[]> {
  const client = createClient({ url, authToken: authToken || undefined });
  try {
    const table = await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'");
    if (table.rows.length === 0) return [];
    const rows = await client.execute("SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at");
    return rows.rows.map((r) => ({ hash: String(r.hash), createdAt: Number(r.created_at) }));
  } finally {
    client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.LIBSQL_URL;
  if (!url) throw new Error("LIBSQL_URL is not set");
  await migrateDatabase(url, process.env.LIBSQL_AUTH_TOKEN);
  console.log("migrations applied");
}
