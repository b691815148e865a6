import { env } from "cloudflare:test";
import { schema } from "../../src/db/client";
import { newId } from "../../src/lib/ids";
import { signToken } from "../../src/lib/jwt";
import {
  ALL_WEEK_9_TO_5,
  factoryPasswordHash,
  ownedTenantRows,
  staffHoursRows,
  type TenantOverrides,
  uniq,
  type WeeklyHours,
} from "./bookable";
import { testDb } from "./db";

// Every factory builds fresh rows with random ids and unique slugs/e-mails: no test shares data.

const nowIso = () => new Date().toISOString();
export { ALL_WEEK_9_TO_5, allWeek, FACTORY_PASSWORD, type TenantOverrides, uniq, type WeeklyHours } from "./bookable";

// Confirmation codes are unique across the whole test database, which every file of a run shares.
// Six random hex characters (16.7M) collided within one run once the report suites wrote thousands of
// bookings (birthday odds); a counter from a random start in the full BK-[A-Z0-9]{6} space cannot
// repeat within a process, and two processes' runs of a few thousand codes almost never meet.
const CODE_SPACE = 36 ** 6;
let lastCode = Math.floor(Math.random() * CODE_SPACE);
export function uniqueConfirmationCode(): string {
  lastCode = (lastCode + 1) % CODE_SPACE;
  return `BK-${lastCode.toString(36).toUpperCase().padStart(6, "0")}`;
}

/** A session row for a signed-in user, customer or operator (tokens name it by `sid`); returns its id. */
async function insertSession(
  subjectType: "user" | "customer" | "admin",
  subjectId: string,
  createdAt: string,
  expiresAt: Date,
  tenantId?: string | null,
) {
  const sid = newId("ses");
  await testDb()
    .insert(schema.sessions)
    .values({ id: sid, subjectType, subjectId, tenantId, createdAt, expiresAt: expiresAt.toISOString() });
  return sid;
}

export async function ownerToken(userId: string, tenantId: string | null, role = "owner", now = new Date()) {
  const sid = await insertSession("user", userId, now.toISOString(), new Date(now.getTime() + 30 * 86400_000), tenantId);
  return (await signToken(env.JWT_SECRET, { sub: userId, sid, tenantId, role }, 86400, now)).token;
}

/** A tenant with its owner (user + membership) and an owner token. */
export async function createTenant(overrides: TenantOverrides = {}) {
  const db = testDb();
  const { inserts, tenant } = await ownedTenantRows(db, overrides);
  await db.batch(inserts);
  const token = await ownerToken(tenant.ownerId, tenant.id);
  return { id: tenant.id, slug: tenant.slug, ownerId: tenant.ownerId, ownerEmail: tenant.ownerEmail, token, timezone: tenant.timezone };
}

/** Another member of a tenant (admin or staff) with a token for that tenant. */
export async function createMember(tenantId: string, role: "admin" | "staff" | "owner") {
  const db = testDb();
  const userId = newId("usr");
  const email = `${role}-${uniq()}@example.test`;
  const t = nowIso();
  await db.batch([
    db.insert(schema.users).values({
      id: userId,
      email,
      passwordHash: await factoryPasswordHash(),
      firstName: "Mia",
      lastName: "Member",
      createdAt: t,
      updatedAt: t,
    }),
    db.insert(schema.tenantMembers).values({ id: newId("mem"), tenantId, userId, role, createdAt: t }),
  ]);
  return { userId, email, token: await ownerToken(userId, tenantId, role) };
}

export async function createService(tenantId: string, overrides: Partial<typeof schema.services.$inferInsert> = {}) {
  const id = newId("svc");
  const t = nowIso();
  const row = { id, tenantId, name: `Service ${uniq()}`, durationMinutes: 30, price: 2500, createdAt: t, updatedAt: t, ...overrides };
  await testDb().insert(schema.services).values(row);
  return row;
}

export async function createStaff(
  tenantId: string,
  overrides: Partial<typeof schema.staffProfiles.$inferInsert> = {},
  hours: WeeklyHours = ALL_WEEK_9_TO_5,
) {
  const db = testDb();
  const id = newId("stf");
  const t = nowIso();
  const row = { id, tenantId, displayName: `Staff ${uniq()}`, createdAt: t, updatedAt: t, ...overrides };
  const inserts = [db.insert(schema.staffProfiles).values(row)] as const;
  if (hours.length) {
    await db.batch([...inserts, db.insert(schema.staffHours).values(staffHoursRows(tenantId, id, hours))]);
  } else {
    await inserts[0];
  }
  return row;
}

/** A booking row written directly (UTC instants), bypassing the API. */
export async function createBookingRow(
  tenantId: string,
  serviceId: string,
  staffId: string,
  startAt: Date,
  minutes: number,
  overrides: Partial<typeof schema.bookings.$inferInsert> = {},
) {
  const id = newId("bkg");
  const t = nowIso();
  const row = {
    id,
    tenantId,
    serviceId,
    staffId,
    startAt: startAt.getTime(),
    endAt: startAt.getTime() + minutes * 60_000,
    status: "confirmed" as const,
    confirmationCode: uniqueConfirmationCode(),
    currency: "USD",
    totalAmount: 2500,
    createdAt: t,
    updatedAt: t,
    ...overrides,
  };
  await testDb().insert(schema.bookings).values(row);
  return row;
}

/** A staff member's time off (UTC instants), written directly. */
export async function createTimeOff(
  tenantId: string,
  staffId: string,
  startAt: Date,
  endAt: Date,
  overrides: Partial<typeof schema.staffTimeOff.$inferInsert> = {},
) {
  const row = {
    id: newId("off"),
    tenantId,
    staffId,
    startAt: startAt.getTime(),
    endAt: endAt.getTime(),
    createdAt: nowIso(),
    ...overrides,
  };
  await testDb().insert(schema.staffTimeOff).values(row);
  return row;
}

export async function createCustomerAccount(overrides: Partial<typeof schema.customerAccounts.$inferInsert> = {}) {
  const id = newId("cus");
  const email = `customer-${uniq()}@example.test`;
  const t = nowIso();
  await testDb()
    .insert(schema.customerAccounts)
    .values({
      id,
      email,
      passwordHash: await factoryPasswordHash(),
      firstName: "Cass",
      lastName: "Customer",
      createdAt: t,
      updatedAt: t,
      ...overrides,
    });
  const sid = await insertSession("customer", id, t, new Date(Date.now() + 30 * 86400_000));
  const { token } = await signToken(env.JWT_SECRET, { sub: id, sid, aud: "customer" }, 86400, new Date());
  return { id, email, token };
}

/** An operator with a token valid at `now` (the request clock a test pins). */
export async function createAdmin(now = new Date()) {
  const id = newId("adm");
  const email = `admin-${uniq()}@example.test`;
  const t = nowIso();
  await testDb()
    .insert(schema.superAdmins)
    .values({ id, email, name: "Ada Admin", passwordHash: await factoryPasswordHash(), createdAt: t });
  const sid = await insertSession("admin", id, t, new Date(now.getTime() + 8 * 3600_000));
  const { token } = await signToken(env.JWT_SECRET, { sub: id, sid, aud: "super_admin", email, name: "Ada Admin" }, 4 * 3600, now);
  return { id, email, token };
}

/** A tenant's own customer record (what a booking creates), written directly. */
export async function createCustomer(tenantId: string, overrides: Partial<typeof schema.customers.$inferInsert> = {}) {
  const id = newId("cst");
  const email = overrides.email ?? `client-${uniq()}@example.test`;
  const t = nowIso();
  const row = {
    id,
    tenantId,
    email,
    emailNormalized: email.toLowerCase(),
    firstName: "Cleo",
    lastName: "Client",
    createdAt: t,
    updatedAt: t,
    ...overrides,
  };
  await testDb().insert(schema.customers).values(row);
  return row;
}

/** A resource of a business (design.md §26), written directly. */
export async function createResource(tenantId: string, overrides: Partial<typeof schema.resources.$inferInsert> = {}) {
  const t = nowIso();
  const row = { id: newId("res"), tenantId, name: `Room ${uniq()}`, type: "room", createdAt: t, updatedAt: t, ...overrides };
  await testDb().insert(schema.resources).values(row);
  return row;
}
