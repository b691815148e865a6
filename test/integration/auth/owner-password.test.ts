import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, post, randomIp } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createCustomerAccount, createTenant, FACTORY_PASSWORD } from "../../helpers/factories";
import { asRendered, asSent } from "../../helpers/mail";
import { outboxRows } from "../../helpers/outbox";

async function resetMails(to: string) {
  return outboxRows(testDb(), to, "user.password_reset");
}

async function requestReset(email: string, now?: string) {
  const res = await post("/api/auth/forgot-password", { email }, { now });
  expect(res.status).toBe(200);
  const mails = await resetMails(email.toLowerCase());
  return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec((await asSent(mails.at(-1)!)).text)![1];
}

const login = (email: string, password: string) => post("/api/auth/login", { email, password });

describe("POST /api/auth/forgot-password (owner/staff accounts)", () => {
  it("answers { sent: true } and e-mails a one-hour link to the account, in one round trip", async () => {
    const t = await createTenant();
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/auth/forgot-password", { email: t.ownerEmail.toUpperCase() }, { dbTag, now: "2031-02-02T10:00:00.000Z" }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { sent: true } });
    expect(dbRequests).toBe(1);
    const [mail] = await resetMails(t.ownerEmail);
    expect(asRendered(mail).subject).toBe("Reset your password");
    const sent = await asSent(mail);
    expect(sent.text).toContain("http://127.0.0.1:8787/reset-password?token=");
    const [row] = await testDb().select().from(schema.userTokens).where(eq(schema.userTokens.userId, t.ownerId));
    expect(row).toMatchObject({ purpose: "password_reset", expiresAt: "2031-02-02T11:00:00.000Z", usedAt: null });
    expect(sent.text).not.toContain(row.tokenHash);
  });

  it("answers an unknown or malformed e-mail the same way and writes nothing", async () => {
    for (const email of ["nobody-here@example.test", "not an e-mail"]) {
      const res = await post("/api/auth/forgot-password", { email });
      expect(res.body).toEqual({ data: { sent: true } });
      expect(await resetMails(email)).toEqual([]);
    }
  });

  it("is not a customer reset: a customer account's e-mail gets no owner link, and the reverse", async () => {
    const customer = await createCustomerAccount();
    await post("/api/auth/forgot-password", { email: customer.email });
    expect(await resetMails(customer.email)).toEqual([]);
  });

  it("is limited to 5 per 60 s per client (rl:auth-forgot)", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/forgot-password", { email: `x${i}@example.test` }, { ip })).status).toBe(200);
    const refused = await post("/api/auth/forgot-password", { email: "x@example.test" }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password and signs every session out (refresh stops)", async () => {
    const t = await createTenant();
    const token = await requestReset(t.ownerEmail);
    const res = await post("/api/auth/reset-password", { token, password: "owner new secret" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { reset: true } });
    expect((await login(t.ownerEmail, FACTORY_PASSWORD)).status).toBe(401);
    expect((await login(t.ownerEmail, "owner new secret")).status).toBe(200);
    expect((await post("/api/auth/refresh", undefined, { token: t.token })).status).toBe(401);
  });

  it("accepts a link once, and only within its hour", async () => {
    const t = await createTenant();
    const asked = "2031-06-01T08:00:00.000Z";
    const token = await requestReset(t.ownerEmail, asked);
    const late = await post("/api/auth/reset-password", { token, password: "too late now" }, { now: "2031-06-01T09:00:00.000Z" });
    expect(late.status).toBe(400);
    expect(late.body.error.details.fieldErrors.token).toBeDefined();
    const ok = await post("/api/auth/reset-password", { token, password: "in time pass" }, { now: "2031-06-01T08:59:00.000Z" });
    expect(ok.status).toBe(200);
    const again = await post("/api/auth/reset-password", { token, password: "second time" }, { now: "2031-06-01T08:59:30.000Z" });
    expect(again.status).toBe(400);
    expect((await login(t.ownerEmail, "in time pass")).status).toBe(200);
  });

  it("looks the token up before hashing: an unknown token is one read and changes nothing", async () => {
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/auth/reset-password", { token: "made-up", password: "whatever-123" }, { dbTag }),
    );
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe("invalid_request");
    expect(dbRequests).toBe(1);
  });

  it("keeps customer and owner links apart: each route refuses the other's token", async () => {
    const t = await createTenant();
    const customer = await createCustomerAccount();
    const ownerToken = await requestReset(t.ownerEmail);
    await post("/api/customer-auth/forgot-password", { email: customer.email });
    const [mail] = await outboxRows(testDb(), customer.email, "customer.password_reset");
    const customerToken = /token=([A-Za-z0-9_-]+)/.exec((await asSent(mail)).text)![1];
    expect((await post("/api/customer-auth/reset-password", { token: ownerToken, password: "cross over 1" })).status).toBe(400);
    expect((await post("/api/auth/reset-password", { token: customerToken, password: "cross over 2" })).status).toBe(400);
  });

  it("an operator account cannot be reset this way", async () => {
    const admin = await createAdmin();
    await post("/api/auth/forgot-password", { email: admin.email });
    expect(await resetMails(admin.email)).toEqual([]);
  });
});
