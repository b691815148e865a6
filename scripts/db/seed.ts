import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { hashPassword } from "../../src/lib/password";

export const DEMO = {
  slug: "demo-salon",
  ownerEmail: "owner@demo-salon.test",
  ownerPassword: "demo-owner-123",
};

/** An operator password shorter than this is refused (design.md §18 / issue #15): the console has no second factor. */
export const MIN_ADMIN_PASSWORD = 12;

export type SeedOptions = {
  adminEmail?: string;
  adminPassword?: string;
  authToken?: string;
  /** The demo tenant `demo-salon` with a fixed owner password: only when asked (npm start asks). */
  demo?: boolean;
  /** "production" never gets demo data, whatever `demo` says. */
  environment?: string;
};

export class SeedRefused extends Error {}

/** Checks the options before anything is written; throws SeedRefused with the reason. */
export function checkSeedOptions(opts: SeedOptions): void {
  if (opts.adminEmail && opts.adminPassword !== undefined && opts.adminPassword.length < MIN_ADMIN_PASSWORD) {
    throw new SeedRefused(`ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD} characters`);
  }
  if (opts.demo && (opts.environment ?? "production") === "production") {
    throw new SeedRefused("demo data is never seeded in production (set ENVIRONMENT=development for a local database)");
  }
}

/** `npm run db:seed [-- --demo]`: the operator from ADMIN_EMAIL/ADMIN_PASSWORD; demo data only with --demo. */
export function seedOptionsFromCli(argv: string[], env: Record<string, string | undefined>): SeedOptions {
  return {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    authToken: env.LIBSQL_AUTH_TOKEN,
    demo: argv.includes("--demo"),
    environment: env.ENVIRONMENT ?? "production",
  };
}

/** Safe to run twice: every step checks for its own row first. Nothing is written when the options are refused. */
export async function seedDatabase(url: string, opts: SeedOptions) {
  checkSeedOptions(opts);
  const client = createClient({ url, authToken: opts.authToken || undefined });
  const db = drizzle(client, { schema });
  const now = new Date().toISOString();
  const log: string[] = [];
  try {
    if (opts.adminEmail && opts.adminPassword) {
      const email = opts.adminEmail.toLowerCase();
      const [existing] = await db.select().from(schema.superAdmins).where(eq(schema.superAdmins.email, email));
      if (!existing) {
        await db.insert(schema.superAdmins).values({
          id: newId("adm"),
          email,
          name: "Platform Admin",
          passwordHash: await hashPassword(opts.adminPassword),
          createdAt: now,
        });
        log.push(`super admin ${email} created`);
      }
    }

    if (!opts.demo) return log;
    const [tenant] = await db.select().from(schema.tenants).where(eq(schema.tenants.slug, DEMO.slug));
    if (tenant) return log;

    const tenantId = newId("tnt");
    const userId = newId("usr");
    const services = [
      { name: "Haircut", durationMinutes: 30, price: 3500, orderIndex: 1 },
      { name: "Colour", durationMinutes: 90, price: 9500, depositPercent: 20, orderIndex: 2 },
      { name: "Blow-dry", durationMinutes: 45, price: 4000, orderIndex: 3 },
    ];
    const staff = [
      { displayName: "Alex Rivera", title: "Senior stylist", color: "#e11d48" },
      { displayName: "Sam Chen", title: "Colourist", color: "#2563eb" },
      { displayName: "Jordan Lee", title: "Stylist", color: "#16a34a" },
    ];
    const staffIds = staff.map(() => newId("stf"));
    // Tuesday to Saturday 09:00-17:00 with a lunch break; Sam also works Mondays.
    const hours = staffIds.flatMap((staffId, i) =>
      [1, 2, 3, 4, 5, 6]
        .filter((d) => d !== 1 || i === 1)
        .flatMap((weekday) => [
          { id: newId("hrs"), tenantId, staffId, weekday, startMinute: 9 * 60, endMinute: 12 * 60 + 30 },
          { id: newId("hrs"), tenantId, staffId, weekday, startMinute: 13 * 60 + 30, endMinute: 17 * 60 },
        ]),
    );
    await db.batch([
      db.insert(schema.users).values({
        id: userId,
        email: DEMO.ownerEmail,
        passwordHash: await hashPassword(DEMO.ownerPassword),
        firstName: "Dana",
        lastName: "Owner",
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(schema.tenants).values({
        id: tenantId,
        slug: DEMO.slug,
        businessName: "Demo Salon",
        businessType: "salon",
        description: "A friendly neighbourhood salon.",
        timezone: "America/New_York",
        currency: "USD",
        countryCode: "US",
        city: "New York",
        provinceState: "NY",
        country: "United States",
        addressLine1: "1 Demo Street",
        phone: "+1 212 555 0100",
        email: "hello@demo-salon.test",
        cancellationPolicy: "Free cancellation up to 24 hours before your appointment.",
        widgetColor: "#db2777",
        templateAccent: "#db2777",
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(schema.tenantMembers).values({ id: newId("mem"), tenantId, userId, role: "owner", createdAt: now }),
      db
        .insert(schema.services)
        .values(services.map((s) => ({ id: newId("svc"), tenantId, description: "", createdAt: now, updatedAt: now, ...s }))),
      db
        .insert(schema.staffProfiles)
        .values(staff.map((s, i) => ({ id: staffIds[i], tenantId, orderIndex: i + 1, createdAt: now, updatedAt: now, ...s }))),
      db.insert(schema.staffHours).values(hours),
    ]);
    log.push(`demo tenant ${DEMO.slug} created (owner ${DEMO.ownerEmail} / ${DEMO.ownerPassword})`);
    return log;
  } finally {
    client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.LIBSQL_URL;
  if (!url) throw new Error("LIBSQL_URL is not set");
  try {
    const log = await seedDatabase(url, seedOptionsFromCli(process.argv.slice(2), process.env));
    for (const line of log) console.log(line);
  } catch (err) {
    if (!(err instanceof SeedRefused)) throw err;
    console.error(`seed refused: ${err.message}`);
    process.exit(1);
  }
}
