import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createBookingRow, createCustomer, createCustomerAccount, createMember } from "../../helpers/factories";
import {
  aiLogRows,
  answer,
  ask,
  bookableBusiness,
  modelRequests,
  NOW,
  ownerChat,
  scriptModel,
  TOMORROW,
  tokenAtNow,
  toolCalls,
  toolResults,
} from "./support";

/** Tomorrow (2031-03-04) in New York is UTC-5. */
const at = (hhmm: string, date = TOMORROW) => new Date(`${date}T${hhmm}:00-05:00`);

describe("POST /api/ai/chat (the owner assistant)", () => {
  it("reads the caller's own bookings and customers through its tools and answers in text", async () => {
    const a = await bookableBusiness();
    const b = await bookableBusiness();
    const cleo = await createCustomer(a.tenant.id, { firstName: "Cleo", lastName: "Client", phone: "+1 555 0101" });
    const kept = await createBookingRow(a.tenant.id, a.service.id, a.staff.id, at("10:00"), 30, {
      customerId: cleo.id,
      notes: "Wants a fringe",
    });
    await createBookingRow(a.tenant.id, a.service.id, a.staff.id, at("14:00"), 30, { status: "cancelled" });
    await createBookingRow(a.tenant.id, a.service.id, a.staff.id, at("10:00", "2031-03-05"), 30); // the day after
    await createBookingRow(b.tenant.id, b.service.id, b.staff.id, at("11:00"), 30); // another business, same day
    await createCustomer(b.tenant.id, { firstName: "Cleo", lastName: "Elsewhere" });

    await scriptModel(a.tenant.slug, [
      toolCalls({ name: "list_bookings", arguments: { from: TOMORROW } }, { name: "search_customers", arguments: { query: "cleo" } }),
      answer("Tomorrow you have one confirmed booking: Cleo Client at 10:00 (wants a fringe); the 14:00 was cancelled."),
    ]);
    const res = await ownerChat(await tokenAtNow(a.tenant.ownerId, a.tenant.id), ask("Summarise tomorrow for me"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toEqual({
      data: { reply: "Tomorrow you have one confirmed booking: Cleo Client at 10:00 (wants a fringe); the 14:00 was cancelled." },
    });

    const sent = await modelRequests(a.tenant.slug);
    expect(sent).toHaveLength(2);
    expect(sent[0].body.tools.map((t) => t.function.name)).toEqual([
      "list_services",
      "list_staff",
      "get_availability",
      "find_available_days",
      "list_bookings",
      "search_customers",
    ]);
    expect(sent[0].body.messages[0].content).toContain("role owner");
    const [bookings, customers] = toolResults(sent[1].body);
    expect(bookings.result).toEqual({
      timezone: "America/New_York",
      more: false,
      bookings: [
        {
          id: kept.id,
          confirmationCode: kept.confirmationCode,
          status: "confirmed",
          start: `${TOMORROW}T10:00:00`,
          end: `${TOMORROW}T10:30:00`,
          service: a.service.name,
          staff: a.staff.displayName,
          customer: "Cleo Client",
          notes: "Wants a fringe",
          totalAmount: 2500,
          currency: "USD",
        },
        expect.objectContaining({ status: "cancelled", start: `${TOMORROW}T14:00:00`, customer: null }),
      ],
    });
    expect(customers.result).toEqual([{ id: cleo.id, name: "Cleo Client", email: cleo.email, phone: "+1 555 0101", bookingCount: 1 }]);
    expect(JSON.stringify(sent[1].body)).not.toContain("Elsewhere");

    const [row] = await aiLogRows(a.tenant.id);
    expect(row).toMatchObject({ action: "ai.owner_chat", actorType: "user", actorId: a.tenant.ownerId, targetType: "tenant" });
    expect(row.metadata).toMatchObject({
      outcome: "ok",
      rounds: 1,
      question: "Summarise tomorrow for me",
      toolCalls: [
        { name: "list_bookings", ok: true },
        { name: "search_customers", ok: true },
      ],
      suggestions: null,
    });
  });

  it("drafts texts as plain model output, for every member role", async () => {
    const { tenant, service } = await bookableBusiness();
    for (const [i, role] of (["admin", "staff"] as const).entries()) {
      const member = await createMember(tenant.id, role);
      await scriptModel(tenant.slug, [
        toolCalls({ name: "list_services", arguments: {} }),
        answer(`A relaxed ${service.name}: wash, cut and style in 30 minutes.`),
      ]);
      const res = await ownerChat(await tokenAtNow(member.userId, tenant.id, role), ask("Write a description for the haircut service"), {
        now: new Date(Date.parse(NOW) + i * 60_000).toISOString(),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.reply).toBe(`A relaxed ${service.name}: wash, cut and style in 30 minutes.`);
      const [row] = await aiLogRows(tenant.id);
      expect(row.actorId).toBe(member.userId);
    }
    expect((await modelRequests(tenant.slug)).at(-1)?.body.messages[0].content).toContain("role staff");
  });

  it("cannot reach another business or write anything, whatever the model asks", async () => {
    const a = await bookableBusiness();
    const b = await bookableBusiness();
    const bCustomer = await createCustomer(b.tenant.id, { firstName: "Bella", lastName: "Other" });
    const booking = await createBookingRow(a.tenant.id, a.service.id, a.staff.id, at("09:00"), 30);
    await scriptModel(a.tenant.slug, [
      toolCalls(
        { name: "list_bookings", arguments: { from: TOMORROW, tenantId: b.tenant.id } },
        { name: "get_availability", arguments: { serviceId: b.service.id, date: TOMORROW } },
        { name: "search_customers", arguments: { query: bCustomer.email } },
        { name: "list_bookings", arguments: { from: TOMORROW, staffId: b.staff.id } },
        { name: "list_bookings", arguments: { from: TOMORROW, to: "2031-05-01" } },
      ),
      toolCalls(
        { name: "cancel_booking", arguments: { bookingId: booking.id } },
        { name: "update_service", arguments: { serviceId: a.service.id, price: 0 } },
      ),
      answer("I cannot change bookings; use the Bookings page."),
    ]);
    const res = await ownerChat(await tokenAtNow(a.tenant.ownerId, a.tenant.id), ask("Cancel my 9:00 and show me the other salon"));
    expect(res.status).toBe(200);
    const results = toolResults((await modelRequests(a.tenant.slug))[2].body).map((r) => r.result);
    expect(results[0]).toEqual({ error: "Invalid arguments: unknown argument(s): tenantId" });
    expect(results[1]).toEqual({ error: "Service not found" });
    expect(results[2]).toEqual([]);
    expect(results[3]).toEqual({ timezone: "America/New_York", bookings: [], more: false });
    expect(results[4]).toEqual({ error: "At most 31 days per call" });
    expect(results[5].error).toMatch(/^Unknown tool "cancel_booking"/);
    expect(results[6].error).toMatch(/^Unknown tool "update_service"/);
    expect(JSON.stringify(results)).not.toContain("Bella");

    const [after] = await testDb().select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));
    expect(after.status).toBe("confirmed");
    const [service] = await testDb().select().from(schema.services).where(eq(schema.services.id, a.service.id));
    expect(service.price).toBe(3500);
  });

  it("needs an owner token, and refuses impersonation (read-only) before calling the model", async () => {
    const { tenant } = await bookableBusiness();
    await scriptModel(tenant.slug, [answer("must not be used")]);
    expect((await post("/api/ai/chat", ask("Hi"))).status).toBe(401);
    const customer = await createCustomerAccount();
    expect((await post("/api/ai/chat", ask("Hi"), { token: customer.token })).status).toBe(401);

    const admin = await createAdmin();
    const launched = await post(
      `/api/admin/tenants/${tenant.id}/impersonate`,
      { reason: "Ticket 77: checking the assistant" },
      { token: admin.token },
    );
    const res = await post("/api/ai/chat", ask("Hi"), { token: launched.body.data.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("impersonation_read_only");
    expect(await modelRequests(tenant.slug)).toHaveLength(0);
    expect(await aiLogRows(tenant.id)).toHaveLength(0);
  });
});
