import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Applies the drizzle-kit migrations in drizzle/ (idempotent: applied ones are skipped). */
export async function migrateDatabase(url: string, authToken?: string) {
  const client = createClient({ url, authToken: authToken || undefined });
  try {
    await migrate(drizzle(client), { migrationsFolder });
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
