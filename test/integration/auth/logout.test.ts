import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createCustomerAccount, createTenant, FACTORY_PASSWORD } from "../../helpers/factories";
import { asSent } from "../../helpers/mail";
import { outboxRows } from "../../helpers/outbox";

const ownerLogin = async (email: string, password = FACTORY_PASSWORD) => {
  const res = await post("/api/auth/login", { email, password });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; sessionId: string };
};

async function session(id: string) {
  const [row] = await testDb().select().from(schema.sessions).where(eq(schema.sessions.id, id));
  return row;
}

describe("POST /api/auth/logout", () => {
  it("revokes the caller's session in one round trip: refresh stops for it, other sessions keep working", async () => {
    const t = await createTenant();
    const first = await ownerLogin(t.ownerEmail);
    const second = await ownerLogin(t.ownerEmail);
    const { result, dbRequests } = await countDbRequests((dbTag) => post("/api/auth/logout", undefined, { token: first.token, dbTag }));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { loggedOut: true } });
    expect(dbRequests).toBe(1);
    expect((await session(first.sessionId)).revokedAt).not.toBeNull();
    expect((await post("/api/auth/refresh", undefined, { token: first.token })).status).toBe(401);
    expect((await post("/api/auth/refresh", undefined, { token: second.token })).status).toBe(200);
  });

  it("is idempotent", async () => {
    const t = await createTenant();
    const s = await ownerLogin(t.ownerEmail);
    expect((await post("/api/auth/logout", undefined, { token: s.token })).status).toBe(200);
    expect((await post("/api/auth/logout", undefined, { token: s.token })).status).toBe(200);
  });

  it("refuses a missing token and other audiences with 401", async () => {
    const customer = await createCustomerAccount();
    const admin = await createAdmin();
    for (const token of [undefined, customer.token, admin.token]) {
      const res = await post("/api/auth/logout", undefined, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
  });

  it("refuses an impersonation token: ending the owner's session is a write (403)", async () => {
    const t = await createTenant();
    const admin = await createAdmin();
    const launched = await post(`/api/admin/tenants/${t.id}/impersonate`, { reason: "Ticket 12" }, { token: admin.token });
    const res = await post("/api/auth/logout", undefined, { token: launched.body.data.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("impersonation_read_only");
  });
});

describe("POST /api/customer-auth/logout", () => {
  it("revokes the customer's session", async () => {
    const c = await createCustomerAccount();
    const signedIn = (await post("/api/customer-auth/login", { email: c.email, password: FACTORY_PASSWORD })).body.data;
    const res = await post("/api/customer-auth/logout", undefined, { token: signedIn.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { loggedOut: true } });
    expect((await session(signedIn.sessionId)).revokedAt).not.toBeNull();
    const live = await testDb()
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.subjectId, c.id), eq(schema.sessions.id, signedIn.sessionId)));
    expect(live[0].revokedAt).not.toBeNull();
  });

  it("refuses an owner token and no token with 401", async () => {
    const t = await createTenant();
    expect((await post("/api/customer-auth/logout", undefined, { token: t.token })).status).toBe(401);
    expect((await post("/api/customer-auth/logout")).status).toBe(401);
  });
});

describe("POST /api/auth/change-password", () => {
  it("sets the new password and signs out every other session, keeping the caller's", async () => {
    const t = await createTenant();
    const mine = await ownerLogin(t.ownerEmail);
    const other = await ownerLogin(t.ownerEmail);
    const res = await post(
      "/api/auth/change-password",
      { currentPassword: FACTORY_PASSWORD, newPassword: "a much better one" },
      { token: mine.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { changed: true } });
    expect((await post("/api/auth/login", { email: t.ownerEmail, password: FACTORY_PASSWORD })).status).toBe(401);
    expect((await post("/api/auth/login", { email: t.ownerEmail, password: "a much better one" })).status).toBe(200);
    expect((await post("/api/auth/refresh", undefined, { token: other.token })).status).toBe(401);
    expect((await post("/api/auth/refresh", undefined, { token: mine.token })).status).toBe(200);
    expect((await get("/api/businesses/me", { token: mine.token })).status).toBe(200);
  });

  it("refuses a wrong current password with 400 on currentPassword and changes nothing", async () => {
    const t = await createTenant();
    const s = await ownerLogin(t.ownerEmail);
    const res = await post(
      "/api/auth/change-password",
      { currentPassword: "not my password", newPassword: "whatever new 1" },
      { token: s.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors.currentPassword).toBeDefined();
    expect((await post("/api/auth/login", { email: t.ownerEmail, password: FACTORY_PASSWORD })).status).toBe(200);
  });

  it.each([
    ["a short new password", { currentPassword: FACTORY_PASSWORD, newPassword: "short" }, "newPassword"],
    ["the same password again", { currentPassword: FACTORY_PASSWORD, newPassword: FACTORY_PASSWORD }, "newPassword"],
    ["a missing current password", { newPassword: "long enough 123" }, "currentPassword"],
    ["an unknown field", { currentPassword: FACTORY_PASSWORD, newPassword: "long enough 123", userId: "usr_x" }, "userId"],
  ])("refuses %s with 400 invalid_request", async (_label, body, field) => {
    const t = await createTenant();
    const res = await post("/api/auth/change-password", body, { token: t.token });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors[field]).toBeDefined();
  });

  it("refuses a signed-out session (401) and other audiences", async () => {
    const t = await createTenant();
    const s = await ownerLogin(t.ownerEmail);
    await post("/api/auth/logout", undefined, { token: s.token });
    const body = { currentPassword: FACTORY_PASSWORD, newPassword: "after logout 1" };
    expect((await post("/api/auth/change-password", body, { token: s.token })).status).toBe(401);
    expect((await post("/api/auth/change-password", body, { token: (await createCustomerAccount()).token })).status).toBe(401);
    expect((await post("/api/auth/login", { email: t.ownerEmail, password: FACTORY_PASSWORD })).status).toBe(200);
  });

  it("retires an open reset link", async () => {
    const t = await createTenant();
    await post("/api/auth/forgot-password", { email: t.ownerEmail });
    const [mail] = await outboxRows(testDb(), t.ownerEmail, "user.password_reset");
    const link = /token=([A-Za-z0-9_-]+)/.exec((await asSent(mail)).text)![1];
    await post("/api/auth/change-password", { currentPassword: FACTORY_PASSWORD, newPassword: "changed it 123" }, { token: t.token });
    expect((await post("/api/auth/reset-password", { token: link, password: "via old link" })).status).toBe(400);
  });
});
