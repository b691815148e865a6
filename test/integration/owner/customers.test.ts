import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  createBookingRow,
  createCustomer,
  createCustomerAccount,
  createMember,
  createService,
  createStaff,
  createTenant,
} from "../../helpers/factories";

async function customerRow(id: string) {
  const [row] = await testDb().select().from(schema.customers).where(sql`id = ${id}`);
  return row;
}

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((x) => x.id);

describe("GET /api/customers", () => {
  it("lists the business's customers newest first, with booking counts and no account ids", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const account = await createCustomerAccount();
    const first = await createCustomer(tenant.id, { createdAt: "2030-01-01T00:00:00.000Z", customerAccountId: account.id });
    const second = await createCustomer(tenant.id, { createdAt: "2030-02-01T00:00:00.000Z" });
    await createCustomer(other.id);
    const svc = await createService(tenant.id);
    const staff = await createStaff(tenant.id);
    await createBookingRow(tenant.id, svc.id, staff.id, new Date("2031-03-11T14:00:00Z"), 30, { customerId: first.id });
    await createBookingRow(tenant.id, svc.id, staff.id, new Date("2031-03-12T14:00:00Z"), 30, {
      customerId: first.id,
      status: "cancelled",
    });

    const { result: res, dbRequests } = await countDbRequests((dbTag) => get("/api/customers", { token: tenant.token, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(ids(res)).toEqual([second.id, first.id]);
    expect(res.body.data[1]).toEqual({
      id: first.id,
      firstName: "Cleo",
      lastName: "Client",
      email: first.email,
      phone: "",
      notes: "",
      hasAccount: true,
      erasedAt: null,
      bookingCount: 2,
      createdAt: "2030-01-01T00:00:00.000Z",
      updatedAt: expect.any(String),
    });
    expect(res.body.data[0]).toMatchObject({ hasAccount: false, bookingCount: 0 });
    expect(res.text).not.toContain(account.id);
    expect(ids(await get("/api/customers?limit=1", { token: tenant.token }))).toEqual([second.id]);
  });

  it("searches first name, last name, full name, e-mail and phone, case-insensitively; % and _ are literal", async () => {
    const tenant = await createTenant();
    const grace = await createCustomer(tenant.id, {
      firstName: "Grace",
      lastName: "Hopper",
      email: "gh@navy.example",
      phone: "+1 555 0100",
    });
    const alan = await createCustomer(tenant.id, {
      firstName: "Alan",
      lastName: "Turing",
      email: "alan_t@bletchley.example",
      phone: "+44 20 7946",
    });
    await createCustomer(tenant.id, { firstName: "Percy", lastName: "Hundred", email: "percy@x.example" });
    const search = async (q: string) => ids(await get(`/api/customers?search=${encodeURIComponent(q)}`, { token: tenant.token }));
    expect(await search("GRACE")).toEqual([grace.id]);
    expect(await search("turing")).toEqual([alan.id]);
    expect(await search("grace hop")).toEqual([grace.id]);
    expect(await search("NAVY.example")).toEqual([grace.id]);
    expect(await search("555 01")).toEqual([grace.id]);
    expect(await search("_t@")).toEqual([alan.id]);
    expect(await search("%")).toEqual([]);
    expect(await search("nobody")).toEqual([]);
  });

  it("ignores a query parameter it does not know (issue 24)", async () => {
    const tenant = await createTenant();
    const res = await get("/api/customers?sort=name&__proto__=a", { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it.each(["limit=0", "limit=201", "limit=ten"])("refuses the query %s with 400", async (q) => {
    const tenant = await createTenant();
    const res = await get(`/api/customers?${q}`, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});

describe("GET /api/customers/:id", () => {
  it("shows the customer with up to 20 recent bookings, newest first", async () => {
    const tenant = await createTenant();
    const svc = await createService(tenant.id, { name: "Colour" });
    const staff = await createStaff(tenant.id, { displayName: "Remy" });
    const cust = await createCustomer(tenant.id);
    const other = await createCustomer(tenant.id);
    const made = [];
    for (let d = 1; d <= 22; d++) {
      made.push(await createBookingRow(tenant.id, svc.id, staff.id, new Date(Date.UTC(2031, 0, d, 15)), 60, { customerId: cust.id }));
    }
    await createBookingRow(tenant.id, svc.id, staff.id, new Date(Date.UTC(2031, 1, 1, 15)), 60, { customerId: other.id });

    const { result: res, dbRequests } = await countDbRequests((dbTag) => get(`/api/customers/${cust.id}`, { token: tenant.token, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(res.body.data).toMatchObject({ id: cust.id, email: cust.email, bookingCount: 22 });
    const recent = res.body.data.recentBookings;
    expect(recent).toHaveLength(20);
    expect(recent.map((b: { id: string }) => b.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((b) => b.id),
    );
    expect(recent[0]).toMatchObject({
      startDatetime: "2031-01-22T15:00:00.000Z",
      endDatetime: "2031-01-22T16:00:00.000Z",
      status: "confirmed",
      customerId: cust.id,
      service: { id: svc.id, name: "Colour" },
      staff: { id: staff.id, displayName: "Remy" },
    });
  });

  it("is 404 for an unknown id", async () => {
    const tenant = await createTenant();
    const res = await get("/api/customers/cst_nope", { token: tenant.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

describe("PATCH /api/customers/:id", () => {
  it("updates notes, phone and name in one round trip", async () => {
    const tenant = await createTenant();
    const cust = await createCustomer(tenant.id);
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      patch(
        `/api/customers/${cust.id}`,
        { notes: "Prefers mornings", phone: " +1 555 0199 ", lastName: "Clientele" },
        { token: tenant.token, dbTag },
      ),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(res.body.data).toMatchObject({
      id: cust.id,
      notes: "Prefers mornings",
      phone: "+1 555 0199",
      lastName: "Clientele",
      firstName: "Cleo",
      email: cust.email,
    });
    expect((await get(`/api/customers/${cust.id}`, { token: tenant.token })).body.data.notes).toBe("Prefers mornings");
  });

  it("rejects too-long values, unknown fields (the e-mail too) and an empty body, changing nothing", async () => {
    const tenant = await createTenant();
    const cust = await createCustomer(tenant.id);
    const before = await customerRow(cust.id);
    const long = await patch(
      `/api/customers/${cust.id}`,
      { notes: "x".repeat(2001), phone: "1".repeat(41), firstName: "" },
      { token: tenant.token },
    );
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.details.fieldErrors).sort()).toEqual(["firstName", "notes", "phone"]);
    const unknown = await patch(
      `/api/customers/${cust.id}`,
      { notes: "ok", email: "new@example.test", tenantId: "tnt_x" },
      { token: tenant.token },
    );
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error.details.fieldErrors).sort()).toEqual(["email", "tenantId"]);
    expect((await patch(`/api/customers/${cust.id}`, {}, { token: tenant.token })).status).toBe(400);
    expect(await customerRow(cust.id)).toEqual(before);
  });

  it("lets staff read customers but not change them", async () => {
    const tenant = await createTenant();
    const cust = await createCustomer(tenant.id);
    const member = await createMember(tenant.id, "staff");
    expect((await get("/api/customers", { token: member.token })).status).toBe(200);
    expect((await get(`/api/customers/${cust.id}`, { token: member.token })).status).toBe(200);
    const refused = await patch(`/api/customers/${cust.id}`, { notes: "x" }, { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect((await customerRow(cust.id)).notes).toBe("");
  });
});

describe("customers and bookings", () => {
  it("a booking made by the owner creates the customer record the customer list shows", async () => {
    const tenant = await createTenant();
    const svc = await createService(tenant.id, { durationMinutes: 60 });
    const staff = await createStaff(tenant.id);
    const email = `walkin-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const made = await post(
      "/api/bookings",
      {
        serviceId: svc.id,
        staffProfileId: staff.id,
        startDatetime: "2031-03-11T10:00:00",
        customer: { firstName: "Wally", email, phone: "555" },
        source: "walk_in",
      },
      { token: tenant.token },
    );
    expect(made.status).toBe(201);
    const list = await get(`/api/customers?search=${email}`, { token: tenant.token });
    expect(list.body.data).toEqual([expect.objectContaining({ firstName: "Wally", email, phone: "555", bookingCount: 1 })]);
    expect(made.body.data.customerId).toBe(list.body.data[0].id);
  });
});
