import { type Db, schema } from "../../src/db/client";
import { newId } from "../../src/lib/ids";

// The one builder of a business that can be booked. It takes the database handle and imports
// nothing of the workers pool, so the workers tests (`testDb()`, test/helpers/booking.ts adds the
// owner's token) and the e2e stack (`e2eDb`, test/e2e/helpers/db.ts) build tenants the same way.

export const uniq = () => crypto.randomUUID().slice(0, 8);

export type TenantOverrides = Partial<typeof schema.tenants.$inferInsert>;
export type WeeklyHours = { weekday: number; start: string; end: string }[];

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Every day of the week 09:00-17:00. */
export const ALL_WEEK_9_TO_5: WeeklyHours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));

// Hashing with the production cost (100k PBKDF2 rounds) for every factory user would slow the
// suite; factories store one precomputed hash of this password instead.
export const FACTORY_PASSWORD = "factory-password-1";
let factoryHash: Promise<string> | undefined;
export async function factoryPasswordHash() {
  const { hashPassword } = await import("../../src/lib/password");
  factoryHash ??= hashPassword(FACTORY_PASSWORD);
  return factoryHash;
}

/** The rows of a tenant with its owner (user + membership), not yet written: callers batch them. */
export async function ownedTenantRows(db: Db, overrides: TenantOverrides = {}, ownerEmail = `owner-${uniq()}@example.test`) {
  const id = newId("tnt");
  const ownerId = newId("usr");
  const slug = overrides.slug ?? `biz-${uniq()}`;
  const t = new Date().toISOString();
  const tenant = {
    id,
    slug,
    businessName: `Business ${slug}`,
    timezone: "America/New_York",
    currency: "USD",
    email: `hello-${slug}@example.test`,
    createdBy: ownerId,
    createdAt: t,
    updatedAt: t,
    ...overrides,
  };
  const inserts = [
    db.insert(schema.users).values({
      id: ownerId,
      email: ownerEmail,
      passwordHash: await factoryPasswordHash(),
      firstName: "Olive",
      lastName: "Owner",
      createdAt: t,
      updatedAt: t,
    }),
    db.insert(schema.tenants).values(tenant),
    db.insert(schema.tenantMembers).values({ id: newId("mem"), tenantId: id, userId: ownerId, role: "owner", createdAt: t }),
  ] as const;
  return { inserts, tenant: { id, slug, ownerId, ownerEmail, businessName: tenant.businessName, timezone: tenant.timezone } };
}

export function staffHoursRows(tenantId: string, staffId: string, hours: WeeklyHours) {
  return hours.map((h) => ({
    id: newId("hrs"),
    tenantId,
    staffId,
    weekday: h.weekday,
    startMinute: toMinute(h.start),
    endMinute: toMinute(h.end),
  }));
}

export type BookableOptions = {
  tenant?: TenantOverrides;
  ownerEmail?: string;
  /** The service's columns beyond the defaults (a 60-minute "Cut" at 45.00). */
  service?: Partial<typeof schema.services.$inferInsert>;
  /** The staff member's columns beyond the defaults ("Sam"). */
  staff?: Partial<typeof schema.staffProfiles.$inferInsert>;
  /** The staff member's weekly hours; 09:00-17:00 every day unless given. */
  hours?: WeeklyHours;
};

/** A tenant with an owner, one service and one staff member working its hours, written in one batch. */
export async function bookableTenant(db: Db, opts: BookableOptions = {}) {
  const { inserts, tenant } = await ownedTenantRows(db, opts.tenant, opts.ownerEmail);
  const t = new Date().toISOString();
  const service = {
    id: newId("svc"),
    tenantId: tenant.id,
    name: "Cut",
    durationMinutes: 60,
    price: 4500,
    createdAt: t,
    updatedAt: t,
    ...opts.service,
  };
  const staff = { id: newId("stf"), tenantId: tenant.id, displayName: "Sam", createdAt: t, updatedAt: t, ...opts.staff };
  const hours = staffHoursRows(tenant.id, staff.id, opts.hours ?? ALL_WEEK_9_TO_5);
  await db.batch([
    ...inserts,
    db.insert(schema.services).values(service),
    db.insert(schema.staffProfiles).values(staff),
    ...(hours.length ? [db.insert(schema.staffHours).values(hours)] : []),
  ]);
  return { tenant, service, staff };
}
