import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomer } from "../../helpers/factories";
import { bookableTenant, customerAt } from "../../helpers/booking";

// design.md §31 / issue #33 (low): a guest create with someone's e-mail overwrote that customer's
// name and phone in the business's records. Unauthenticated creates now never change an existing
// record; what the guest typed is stored on the booking, and the owner sees it where it differs.

const NOW = "2027-03-01T12:00:00Z";
const at = (hhmm: string) => `2027-03-10T${hhmm}:00`;

async function record(id: string) {
  const [row] = await testDb().all<{ first_name: string; last_name: string; phone: string; notes: string }>(
    sql`SELECT first_name, last_name, phone, notes FROM customers WHERE id = ${id}`,
  );
  return row;
}

/** A booking on the public page at `hhmm` with the customer details typed in; `opts.token` books signed in. */
function bookAt(
  b: { tenant: { slug: string }; service: { id: string }; staff: { id: string } },
  hhmm: string,
  customer: Record<string, string>,
  opts: { now: string; token?: string },
) {
  return post(
    `/api/public/${b.tenant.slug}/bookings`,
    { serviceId: b.service.id, staffProfileId: b.staff.id, startDatetime: at(hhmm), customer },
    opts,
  );
}

describe("unauthenticated creates and the customer record", () => {
  it("a guest typing someone's e-mail changes nothing of their record; the guest's details are on the booking, and the owner sees them", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const victim = await createCustomer(tenant.id, {
      firstName: "Vera",
      lastName: "Victim",
      phone: "+1 555 0111",
      notes: "Allergic to latex",
    });
    const before = await record(victim.id);

    // The abuse path: book as a guest with Vera's e-mail, a new name and a new phone.
    const res = await bookAt(
      { tenant, service, staff },
      "10:00",
      { firstName: "Mallory", lastName: "Imposter", email: victim.email, phone: "+1 555 0999", notes: "call me" },
      { now: NOW },
    );
    expect(res.status).toBe(201);
    expect(await record(victim.id)).toEqual(before);

    const [booking] = await testDb().all<{ customer_id: string; guest_first_name: string; guest_last_name: string; guest_phone: string }>(
      sql`SELECT customer_id, guest_first_name, guest_last_name, guest_phone FROM bookings WHERE id = ${res.body.data.id}`,
    );
    expect(booking).toEqual({
      customer_id: victim.id,
      guest_first_name: "Mallory",
      guest_last_name: "Imposter",
      guest_phone: "+1 555 0999",
    });
    const detail = await get(`/api/bookings/${res.body.data.id}`, { token: tenant.token });
    expect(detail.body.data.customer).toMatchObject({ firstName: "Vera", lastName: "Victim", phone: "+1 555 0111" });
    expect(detail.body.data.guest).toEqual({ firstName: "Mallory", lastName: "Imposter", phone: "+1 555 0999" });
  });

  it("the owner's detail shows no guest details when the guest typed what the record says", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const known = await createCustomer(tenant.id, { firstName: "Kim", lastName: "Known", phone: "+1 555 0123" });
    const res = await post(
      `/api/public/${tenant.slug}/bookings`,
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: at("11:00"), customer: { firstName: "Kim", email: known.email } },
      { now: NOW },
    );
    expect((await get(`/api/bookings/${res.body.data.id}`, { token: tenant.token })).body.data.guest).toBeNull();
  });

  it("the signed-in customer account linked to the record may update it; the business always may", async () => {
    const b = await bookableTenant();
    const { tenant } = b;
    const account = await customerAt(NOW);
    // The account holder books signed in, typing this phone.
    const signedIn = (hhmm: string, phone: string) =>
      bookAt(b, hhmm, { firstName: "Cass", lastName: "Customer", email: account.email, phone }, { now: NOW, token: account.token });
    const first = await signedIn("09:00", "+1 555 0200");
    expect(first.status).toBe(201);
    const [row] = await testDb().all<{ id: string }>(sql`SELECT id FROM customers WHERE tenant_id = ${tenant.id}`);
    // The account holder, signed in, books again with a new phone: their record follows.
    const second = await signedIn("12:00", "+1 555 0201");
    expect(second.status).toBe(201);
    expect((await record(row.id)).phone).toBe("+1 555 0201");
    // The same e-mail without the token (a guest) changes nothing.
    await bookAt(b, "14:00", { firstName: "Cass", email: account.email, phone: "+1 555 0666" }, { now: NOW });
    expect((await record(row.id)).phone).toBe("+1 555 0201");
  });
});
