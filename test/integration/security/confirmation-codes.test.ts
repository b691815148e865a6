import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createMember,
  createService,
  createStaff,
  createTenant,
  ownerToken,
} from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";
import { answer, modelRequests, NOW, scriptModel, tokenAtNow, toolCalls, toolResults } from "../ai/support";

// design.md §31 / issue #33 (medium): a staff member, a `read` API key or the operator's read-only
// impersonation read `confirmationCode` from the owner API, then cancelled the booking through the
// public code route with no token, as if the customer had (deposit kept, late fee charged). Owner
// reads now show the code only to owner/admin members and write keys.

const DAY = "2031-04-08";

async function business() {
  const { tenant: t, service, staff } = await bookableTenant({ service: { price: 4000 } });
  const customer = await createCustomer(t.id, { firstName: "Cleo" });
  const booking = await createBookingRow(t.id, service.id, staff.id, new Date(`${DAY}T14:00:00Z`), 60, { customerId: customer.id });
  return { t, service, staff, customer, booking };
}

/** A booking at 09:00 on DAY through the owner API (the front desk), by whoever holds `token`. */
function frontDeskBooking(b: Awaited<ReturnType<typeof business>>, token: string, firstName: string, now: string) {
  const customer = { firstName, email: `${firstName.toLowerCase()}@example.test` };
  return post(
    "/api/bookings",
    { serviceId: b.service.id, staffProfileId: b.staff.id, startDatetime: `${DAY}T09:00:00`, customer },
    { token, now },
  );
}

async function newKey(token: string, scope: "read" | "write") {
  const res = await post("/api/businesses/me/api-keys", { name: `${scope} key`, scope }, { token });
  expect(res.status).toBe(201);
  return res.body.data.key as string;
}

async function impersonationToken(tenantId: string) {
  const admin = await createAdmin();
  const res = await post(`/api/admin/tenants/${tenantId}/impersonate`, { reason: "Support ticket 33" }, { token: admin.token });
  expect(res.status).toBe(201);
  return res.body.data.token as string;
}

/** Every owner read that carries the booking's code, as the caller sees it. */
async function codesSeenBy(token: string, b: Awaited<ReturnType<typeof business>>) {
  const list = await get("/api/bookings", { token });
  const one = await get(`/api/bookings/${b.booking.id}`, { token });
  const customer = await get(`/api/customers/${b.customer.id}`, { token });
  const views = await Promise.all(
    [`calendar?date=${DAY}`, `dashboard?date=${DAY}`, `bookings?from=${DAY}&to=${DAY}`].map((v) =>
      get(`/api/businesses/me/views/${v}`, { token }),
    ),
  );
  for (const res of [list, one, customer, ...views]) expect(res.status, res.text).toBe(200);
  return [
    list.body.data[0].confirmationCode,
    one.body.data.confirmationCode,
    customer.body.data.recentBookings[0].confirmationCode,
    ...views.map((v) => v.body.data.bookings[0].confirmationCode),
  ];
}

async function statusOf(id: string) {
  const [row] = await testDb().select({ status: schema.bookings.status }).from(schema.bookings).where(eq(schema.bookings.id, id));
  return row.status;
}

describe("confirmation codes on owner reads", () => {
  it("before: the code is what a read-only caller would cancel with; now staff, read keys and impersonation get null", async () => {
    const b = await business();
    // The abuse path: the code cancels by itself, with no token (the customer's own route).
    const asOwner = await codesSeenBy(b.t.token, b);
    expect(new Set(asOwner)).toEqual(new Set([b.booking.confirmationCode]));

    const staff = await createMember(b.t.id, "staff");
    const readKey = await newKey(b.t.token, "read");
    const impersonation = await impersonationToken(b.t.id);
    for (const token of [staff.token, readKey, impersonation]) {
      const seen = await codesSeenBy(token, b);
      expect(seen).toEqual(seen.map(() => null));
    }
    // With nothing to cancel with, the booking stays as it was.
    expect(await statusOf(b.booking.id)).toBe("confirmed");
  });

  it("owner and admin members and write keys still get the code, also in the answers to their writes", async () => {
    const b = await business();
    const admin = await createMember(b.t.id, "admin");
    const writeKey = await newKey(b.t.token, "write");
    for (const token of [admin.token, writeKey]) {
      expect(new Set(await codesSeenBy(token, b))).toEqual(new Set([b.booking.confirmationCode]));
    }
    const created = await frontDeskBooking(b, writeKey, "Dee", "2031-04-01T12:00:00Z");
    expect(created.status).toBe(201);
    expect(created.body.data.confirmationCode).toMatch(/^BK-[A-Z0-9]{6}$/);
  });

  it("a staff member's own writes (a front-desk booking, a status change) answer without the code", async () => {
    const b = await business();
    const at = "2031-04-01T12:00:00Z";
    const staff = await createMember(b.t.id, "staff");
    const token = await ownerToken(staff.userId, b.t.id, "staff", new Date(at));
    const created = await frontDeskBooking(b, token, "Eve", at);
    expect(created.status).toBe(201);
    expect(created.body.data.confirmationCode).toBeNull();
    const [row] = await testDb().select().from(schema.bookings).where(eq(schema.bookings.id, created.body.data.id));
    expect(row.confirmationCode).toMatch(/^BK-/);
    const pending = await createBookingRow(b.t.id, b.service.id, b.staff.id, new Date(`${DAY}T18:00:00Z`), 60, { status: "pending" });
    const confirmed = await patch(`/api/bookings/${pending.id}/status`, { status: "confirmed" }, { token, now: at });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: "confirmed", confirmationCode: null });
  });

  it("the team assistant hands a staff member's question no codes; an owner's gets them", async () => {
    const t = await createTenant({ timezone: "America/New_York" });
    const service = await createService(t.id, { name: "Cut" });
    const staffProfile = await createStaff(t.id, { displayName: "Sam" });
    const booking = await createBookingRow(t.id, service.id, staffProfile.id, new Date("2031-03-04T15:00:00Z"), 30);
    const staff = await createMember(t.id, "staff");
    const ask = (token: string) =>
      post("/api/ai/chat", { messages: [{ role: "user", content: "Bookings tomorrow?" }] }, { token, now: NOW });
    const script = () =>
      scriptModel(t.slug, [toolCalls({ name: "list_bookings", arguments: { from: "2031-03-04" } }), answer("One booking.")]);

    await script();
    expect((await ask(await tokenAtNow(staff.userId, t.id, "staff"))).status).toBe(200);
    await script();
    expect((await ask(await tokenAtNow(t.ownerId, t.id))).status).toBe(200);

    const sent = await modelRequests(t.slug);
    const results = sent.filter((r) => r.body.messages.some((m) => m.role === "tool")).map((r) => toolResults(r.body)[0].result);
    expect(results.map((r) => r.bookings[0].confirmationCode)).toEqual([null, booking.confirmationCode]);
  });
});
