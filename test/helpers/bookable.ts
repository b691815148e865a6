import { type Db, schema } from "../../src/db/client";
import { newId } from "../../src/lib/ids";
import type { BatchItem } from "drizzle-orm/batch";

// The one builder of a business that can be booked. It takes the database handle and imports
// nothing of the workers pool, so the workers tests (`testDb()`, test/helpers/booking.ts adds the
// owner's token) and the e2e stack (`e2eDb`, test/e2e/helpers/db.ts) build tenants the same way.

export const uniq = () => crypto.randomUUID().slice(0, 8);

export type TenantOverrides = Partial<typeof schema.tenants.$inferInsert>;
export type WeeklyHours = { weekday: number; start: string; end: string }[];

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Every day of the week from `start` to `end` ("HH:MM"). */
export const allWeek = (start: string, end: string): WeeklyHours => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
/** Every day of the week 09:00-17:00. */
export const ALL_WEEK_9_TO_5 = allWeek("09:00", "17:00");

// Hashing with the production cost (100k PBKDF2 rounds) for every factory user would slow the
// suite; factories store one precomputed hash of this password instead.
export const FACTORY_PASSWORD = "factory-password-1";
let factoryHash: Promise<string> | undefined;
export async function factoryPasswordHash() {
  const { hashPassword } = await import("../../src/lib/password");
  factoryHash ??= hashPassword(FACTORY_PASSWORD);
  return factoryHash;
}

type UserOverrides = Partial<typeof schema.users.$inferInsert>;
type StaffRow = typeof schema.staffProfiles.$inferInsert;
type ServiceRow = typeof schema.services.$inferInsert;
type ResourceRow = typeof schema.resources.$inferInsert;
type BatchInsert = BatchItem<"sqlite">;

/** The rows of a tenant with its owner (user + membership), not yet written: callers batch them. */
export async function ownedTenantRows(
  db: Db,
  overrides: TenantOverrides = {},
  ownerEmail = `owner-${uniq()}@example.test`,
  owner: UserOverrides = {},
) {
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
      ...owner,
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

/**
 * A member of the business besides its owner (`email`/`firstName`/`lastName` default to a fresh
 * address, "Mia Member"), signing in with the owner's password.
 */
export type MemberSpec = { role: "owner" | "admin" | "staff"; email?: string; firstName?: string; lastName?: string };
/** A staff member's columns, their weekly hours (the salon's `hours` unless given) and the member whose login they are. */
export type StaffSpec<M extends string = never> = Partial<StaffRow> & { hours?: WeeklyHours; member?: M };
/** A service's columns; `by` names the staff keys that perform it (its `staffIds`). */
export type ServiceSpec<T extends string> = Partial<ServiceRow> & { by?: T[] };

export type SalonOptions<T extends string, S extends string, R extends string = never, M extends string = never> = {
  tenant?: TenantOverrides;
  ownerEmail?: string;
  /** The owner's user columns (a password hash of the caller's own, say). */
  owner?: UserOverrides;
  /** Keyed by a name of the test's own; a staff member's `displayName` defaults to its key. */
  staff: Record<T, StaffSpec<M>>;
  /** Keyed likewise; a service defaults to its key as name, 60 minutes, 45.00. */
  services: Record<S, ServiceSpec<T>>;
  /** Resources (design.md §26); a room named by its key unless given. */
  resources?: Record<R, Partial<ResourceRow>>;
  members?: Record<M, MemberSpec>;
  /** The weekly hours of every staff member that names none; 09:00-17:00 every day unless given. */
  hours?: WeeklyHours;
};

const mapValues = <K extends string, V, W>(record: Record<K, V>, f: (value: V, key: K) => W) =>
  Object.fromEntries(Object.entries<V>(record).map(([key, value]) => [key, f(value, key as K)])) as Record<K, W>;

/**
 * The rows of a bookable business, not yet written: the owner, other members, staff members with
 * their hours, services, resources. Callers that add rows of their own batch `inserts` with them.
 */
export async function salonRows<T extends string, S extends string, R extends string = never, M extends string = never>(
  db: Db,
  opts: SalonOptions<T, S, R, M>,
) {
  const { inserts: tenantInserts, tenant } = await ownedTenantRows(db, opts.tenant, opts.ownerEmail, opts.owner);
  const tenantId = tenant.id;
  const t = new Date().toISOString();
  // Members joined after the owner, in the order given: lists ordered by joining date stay stable.
  const joined = (i: number) => new Date(Date.parse(t) + i + 1).toISOString();
  const members = mapValues(opts.members ?? ({} as Record<M, MemberSpec>), (m) => ({
    userId: newId("usr"),
    email: m.email ?? `${m.role}-${uniq()}@example.test`,
    firstName: m.firstName ?? "Mia",
    lastName: m.lastName ?? "Member",
    role: m.role,
  }));
  const staffWithHours = mapValues(opts.staff, ({ hours, member, ...columns }, key) => ({
    row: {
      id: newId("stf"),
      tenantId,
      displayName: key as string,
      createdAt: t,
      updatedAt: t,
      ...(member ? { userId: members[member].userId } : {}),
      ...columns,
    },
    hours: hours ?? opts.hours ?? ALL_WEEK_9_TO_5,
  }));
  const staff = mapValues(staffWithHours, (s) => s.row);
  const services = mapValues(opts.services, ({ by, ...columns }, key) => ({
    id: newId("svc"),
    tenantId,
    name: key as string,
    durationMinutes: 60,
    price: 4500,
    createdAt: t,
    updatedAt: t,
    ...(by ? { staffIds: by.map((k) => staff[k].id) } : {}),
    ...columns,
  }));
  const resources = mapValues(opts.resources ?? ({} as Record<R, Partial<ResourceRow>>), (columns, key) => ({
    id: newId("res"),
    tenantId,
    name: key as string,
    type: "room",
    createdAt: t,
    updatedAt: t,
    ...columns,
  }));
  const memberList = Object.values<(typeof members)[M]>(members);
  const passwordHash = opts.owner?.passwordHash ?? (await factoryPasswordHash());
  const staffList = Object.values<(typeof staffWithHours)[T]>(staffWithHours);
  const hourRows = staffList.flatMap((s) => staffHoursRows(tenantId, s.row.id, s.hours));
  const nonEmpty = <V>(rows: V[], insert: (rows: V[]) => BatchInsert) => (rows.length ? [insert(rows)] : []);
  const inserts: [BatchInsert, ...BatchInsert[]] = [
    ...tenantInserts,
    ...nonEmpty(memberList, (rows) =>
      db.insert(schema.users).values(
        rows.map((m) => ({
          id: m.userId,
          email: m.email,
          passwordHash,
          firstName: m.firstName,
          lastName: m.lastName,
          createdAt: t,
          updatedAt: t,
        })),
      ),
    ),
    ...nonEmpty(memberList, (rows) =>
      db
        .insert(schema.tenantMembers)
        .values(rows.map((m, i) => ({ id: newId("mem"), tenantId, userId: m.userId, role: m.role, createdAt: joined(i) }))),
    ),
    ...nonEmpty(
      staffList.map((s) => s.row),
      (rows) => db.insert(schema.staffProfiles).values(rows),
    ),
    ...nonEmpty(hourRows, (rows) => db.insert(schema.staffHours).values(rows)),
    ...nonEmpty(Object.values<ServiceRow>(services), (rows) => db.insert(schema.services).values(rows)),
    ...nonEmpty(Object.values<ResourceRow>(resources), (rows) => db.insert(schema.resources).values(rows)),
  ];
  return { inserts, tenant, members, staff, services, resources };
}

/** A bookable business written in one batch (see salonRows): one builder for every test project. */
export async function bookableSalon<T extends string, S extends string, R extends string = never, M extends string = never>(
  db: Db,
  opts: SalonOptions<T, S, R, M>,
) {
  const { inserts, ...built } = await salonRows(db, opts);
  await db.batch(inserts);
  return built;
}

export type BookableOptions = {
  tenant?: TenantOverrides;
  ownerEmail?: string;
  /** The service's columns beyond the defaults (a 60-minute "Cut" at 45.00). */
  service?: Partial<ServiceRow>;
  /** The staff member's columns beyond the defaults ("Sam"). */
  staff?: Partial<StaffRow>;
  /** The staff member's weekly hours; 09:00-17:00 every day unless given. */
  hours?: WeeklyHours;
};

/** A tenant with an owner, one service and one staff member working its hours: the salon with one of each. */
export async function bookableTenant(db: Db, opts: BookableOptions = {}) {
  const built = await bookableSalon(db, {
    tenant: opts.tenant,
    ownerEmail: opts.ownerEmail,
    hours: opts.hours,
    staff: { sam: { displayName: "Sam", ...opts.staff } },
    services: { cut: { name: "Cut", ...opts.service } },
  });
  return { tenant: built.tenant, service: built.services.cut, staff: built.staff.sam };
}
