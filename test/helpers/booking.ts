import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { schema } from "../../src/db/client";
import { newId } from "../../src/lib/ids";
import { signToken } from "../../src/lib/jwt";
import { testDb } from "./db";
import { webhookDeliveries } from "./outbox";
import { type BookableOptions, bookableSalon as buildSalon, bookableTenant as buildBookableTenant, type SalonOptions } from "./bookable";
import { createCustomerAccount, ownerToken, uniq } from "./factories";

/**
 * The shared builder (test/helpers/bookable.ts) on the workers tests' database, with the owner's
 * token (signing needs the pool's secret): a 60-minute "Cut" by "Sam", 09:00-17:00 every day.
 */
export async function bookableTenant(opts: BookableOptions = {}) {
  const built = await buildBookableTenant(testDb(), opts);
  return { ...built, tenant: { ...built.tenant, token: await ownerToken(built.tenant.ownerId, built.tenant.id) } };
}

/**
 * The shared salon builder (test/helpers/bookable.ts) on the workers tests' database, with tokens for
 * the owner and every member, valid at `tokensAt` (a test's pinned request clock; now unless given).
 */
export async function bookableSalon<T extends string, S extends string, R extends string = never, M extends string = never>(
  opts: SalonOptions<T, S, R, M> & { tokensAt?: string },
) {
  const built = await buildSalon(testDb(), opts);
  const at = opts.tokensAt ? new Date(opts.tokensAt) : new Date();
  const { id, ownerId } = built.tenant;
  const members = Object.fromEntries(
    await Promise.all(
      Object.entries<(typeof built.members)[M]>(built.members).map(async ([key, m]) => [
        key,
        { ...m, token: await ownerToken(m.userId, id, m.role, at) },
      ]),
    ),
  ) as Record<M, (typeof built.members)[M] & { token: string }>;
  return { ...built, tenant: { ...built.tenant, token: await ownerToken(ownerId, id, "owner", at) }, members };
}

export function customer(overrides: Record<string, unknown> = {}) {
  return { firstName: "Ada", lastName: "Lovelace", email: `ada-${uniq()}@example.test`, ...overrides };
}

export function bookingBody(serviceId: string, staffProfileId: string, startDatetime: string, extra: Record<string, unknown> = {}) {
  return { serviceId, staffProfileId, startDatetime, customer: customer(), ...extra };
}

/** An active webhook endpoint subscribed to every event, so deliveries get written. */
export async function webhookEndpoint(tenantId: string) {
  const id = newId("whe");
  await testDb()
    .insert(schema.webhookEndpoints)
    .values({
      id,
      tenantId,
      url: "https://hooks.example.test/booking",
      events: ["*"],
      secret: "whsec_test",
      createdAt: new Date().toISOString(),
    });
  return id;
}

export async function bookingRow(id: string) {
  const [row] = await testDb().select().from(schema.bookings).where(sql`id = ${id}`);
  return row;
}

/** The business's webhook deliveries, oldest first (test/helpers/outbox.ts). */
export const deliveriesFor = (tenantId: string) => webhookDeliveries(testDb(), tenantId);

export async function activeBookingsOf(staffId: string) {
  return testDb().select().from(schema.bookings).where(sql`staff_id = ${staffId} AND status <> 'cancelled'`);
}

/** A customer account with a token valid at the pinned request clock `now` (tokens live 24 h). */
export async function customerAt(now: string) {
  const account = await createCustomerAccount();
  const { token } = await signToken(env.JWT_SECRET, { sub: account.id, sid: newId("ses"), aud: "customer" }, 86400, new Date(now));
  return { ...account, token };
}
