import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createService, createStaff, createTenant } from "../../helpers/factories";
import { cronAt, customerEmail, sentTo } from "../notifications/support";

// design.md §30: notices to the business and staff speak each recipient member's own locale
// (tenant_members.locale), else the business's; the customer's e-mail keeps the booking's language.

const NOW = "2031-05-01T12:00:00Z";

type Sent = Awaited<ReturnType<typeof sentTo>>[number] & { headers?: Record<string, string> };

async function salonWithMembers() {
  const tenant = await createTenant({ locale: "fr", bookingLanguages: ["fr", "en"] });
  // The owner reads the business's notices at their own address: they get them as a member.
  await testDb().update(schema.tenants).set({ notificationEmail: tenant.ownerEmail }).where(eq(schema.tenants.id, tenant.id));
  const service = await createService(tenant.id, { name: "Coupe", durationMinutes: 60, price: 4500 });
  const member = await createMember(tenant.id, "staff");
  const staff = await createStaff(tenant.id, { displayName: "Lucía", userId: member.userId });
  const other = await createStaff(tenant.id, { displayName: "Paul" });
  return { tenant, service, staff, other, member };
}

describe("notices in each recipient member's language", () => {
  it("an owner with de and a staff member with es get the same booking's notice in their own language", async () => {
    const s = await salonWithMembers();
    expect((await patch("/api/businesses/me/members/me", { locale: "de" }, { token: s.tenant.token })).status).toBe(200);
    expect((await patch("/api/businesses/me/members/me", { locale: "es" }, { token: s.member.token })).status).toBe(200);

    const email = customerEmail();
    const made = await post(
      `/api/public/${s.tenant.slug}/bookings`,
      {
        serviceId: s.service.id,
        staffProfileId: s.staff.id,
        startDatetime: "2031-05-03T09:00:00",
        customer: { firstName: "Ana", lastName: "Ruiz", email },
        locale: "en",
      },
      { now: NOW },
    );
    expect(made.status).toBe(201);
    await cronAt(NOW, s.tenant.id);

    const [owner] = (await sentTo(s.tenant.ownerEmail)) as Sent[];
    expect(owner.subject).toBe("Neue Buchung: Ana Ruiz, Coupe, Sa., 3. Mai 2031, 09:00");
    expect(owner.headers).toEqual({ "Content-Language": "de" });
    const [staff] = (await sentTo(s.member.email)) as Sent[];
    expect(staff.subject).toBe("Nueva reserva: Ana Ruiz, Coupe, sáb, 3 may 2031, 09:00");
    expect(staff.headers).toEqual({ "Content-Language": "es" });
    // The customer's own e-mail keeps the booking's language.
    const [customer] = (await sentTo(email)) as Sent[];
    expect(customer.headers).toEqual({ "Content-Language": "en" });

    // A member who clears their language reads the business's (French) from the next notice on.
    expect((await patch("/api/businesses/me/members/me", { locale: null }, { token: s.member.token })).status).toBe(200);
    const code = made.body.data.confirmationCode as string;
    const moved = await post(`/api/public/booking/${code}/reschedule`, { newStartDatetime: "2031-05-03T11:00:00" }, { now: NOW });
    expect(moved.status).toBe(200);
    await cronAt(NOW, s.tenant.id);
    const staffMoved = ((await sentTo(s.member.email)) as Sent[]).find((m) => m.headers?.["Content-Language"] === "fr");
    expect(staffMoved?.subject).toMatch(/^Réservation déplacée : Ana Ruiz, Coupe, .*3 mai 2031, 11:00$/);
    const ownerMoved = ((await sentTo(s.tenant.ownerEmail)) as Sent[]).find((m) => m.subject.startsWith("Buchung verschoben:"));
    expect(ownerMoved?.headers).toEqual({ "Content-Language": "de" });
  });
});
