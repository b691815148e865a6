import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "../../../src/db/client";
import type { Env, QueueMessage } from "../../../src/config";
import worker from "../../../src/index";
import { countDbRequests, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomerAccount, FACTORY_PASSWORD } from "../../helpers/factories";
import { asSent } from "../../helpers/mail";
import { outboxRows } from "../../helpers/outbox";

async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function resetMails(to: string) {
  return outboxRows(testDb(), to, "customer.password_reset");
}

/** The newest reset e-mail's text and html as the customer gets them. */
async function resetMailBodies(to: string) {
  const mail = (await resetMails(to)).at(-1)!;
  return { id: mail.id, ...(await asSent(mail)) };
}

/** Asks for a reset and reads the token out of the e-mail's text body, as the customer would. */
async function requestReset(address: string, now?: string) {
  const res = await post("/api/customer-auth/forgot-password", { email: address }, { now });
  expect(res.status).toBe(200);
  const link = /(\S+)\/reset-password\?token=([A-Za-z0-9_-]+)/.exec((await resetMailBodies(address.toLowerCase())).text)!;
  return { base: link[1], token: link[2] };
}

/**
 * Calls the Worker with a queue binding that records what is sent (the platform's binding, not our
 * code, is what gets swapped), and waits for the work handed to waitUntil.
 */
async function forgotWithRecordedQueue(address: string) {
  const sent: QueueMessage[] = [];
  const queue = { sendBatch: async (msgs: { body: QueueMessage }[]) => void sent.push(...msgs.map((m) => m.body)) };
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request("http://localhost/api/customer-auth/forgot-password", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
      },
      body: JSON.stringify({ email: address }),
    }),
    { ...(env as unknown as Env), JOBS_QUEUE: queue as unknown as Queue<QueueMessage> },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, sent };
}

const login = (e: string, password: string) => post("/api/customer-auth/login", { email: e, password });

describe("POST /api/customer-auth/forgot-password", () => {
  it("answers { sent: true }, stores only a hash of the token and queues the link e-mail in one round trip", async () => {
    const c = await createCustomerAccount();
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/customer-auth/forgot-password", { email: c.email.toUpperCase() }, { dbTag, now: new Date() }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { sent: true } });
    expect(dbRequests).toBe(1);

    const [mail] = await resetMails(c.email);
    expect(mail.subject).toBe("Reset your password");
    const bodies = await resetMailBodies(c.email);
    const [, base, token] = /(\S+)\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(bodies.text)!;
    // Never the request's Host: PUBLIC_BASE_URL, which the tests leave unset (the local dev address then).
    expect(base).toBe("http://127.0.0.1:8787");
    expect(bodies.html).toContain(token);
    const [reset] = await testDb().select().from(schema.passwordResets).where(eq(schema.passwordResets.customerAccountId, c.id));
    expect(reset.tokenHash).toBe(await sha256Hex(token));
    expect(reset.tokenHash).not.toContain(token);
    expect(Date.parse(reset.expiresAt) - Date.parse(reset.createdAt)).toBe(3600_000);
    expect(reset.usedAt).toBeNull();
  });

  it("hands the new outbox row to the e-mail queue, and nothing for an unknown address", async () => {
    const c = await createCustomerAccount();
    const known = await forgotWithRecordedQueue(c.email);
    expect(known.status).toBe(200);
    const [mail] = await resetMails(c.email);
    expect(known.sent).toEqual([{ kind: "email", id: mail.id }]);
    const unknown = await forgotWithRecordedQueue(`missing-${c.email}`);
    expect(unknown.status).toBe(200);
    expect(unknown.sent).toEqual([]);
  });

  it.each([
    ["an unknown e-mail", "nobody-registered@example.test"],
    ["a malformed e-mail", "not an e-mail"],
  ])("answers %s exactly like a known one, and writes nothing", async (_label, address) => {
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/customer-auth/forgot-password", { email: address }, { dbTag }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { sent: true } });
    expect(dbRequests).toBe(1);
    expect(await resetMails(address)).toEqual([]);
  });

  it("refuses a body without an e-mail with 400 invalid_request", async () => {
    const res = await post("/api/customer-auth/forgot-password", {});
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors.email).toBeDefined();
  });
});

describe("POST /api/customer-auth/reset-password", () => {
  it("sets the new password, uses the link up and revokes every session, in two round trips (look the link up, then write)", async () => {
    const c = await createCustomerAccount();
    const other = await login(c.email, FACTORY_PASSWORD);
    const { token } = await requestReset(c.email);

    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/customer-auth/reset-password", { token, password: "brand new secret" }, { dbTag }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { reset: true } });
    expect(dbRequests).toBe(2);

    expect((await login(c.email, FACTORY_PASSWORD)).status).toBe(401);
    const fresh = await login(c.email, "brand new secret");
    expect(fresh.status).toBe(200);
    // Following the e-mailed link proved the address.
    expect(fresh.body.data.customer.emailVerified).toBe(true);

    const sessions = await testDb().select().from(schema.sessions).where(eq(schema.sessions.subjectId, c.id));
    const revoked = sessions.filter((s) => s.revokedAt !== null).map((s) => s.id);
    expect(revoked).toContain(other.body.data.sessionId);
    expect(revoked).not.toContain(fresh.body.data.sessionId);
    expect(sessions.filter((s) => s.revokedAt === null).map((s) => s.id)).toEqual([fresh.body.data.sessionId]);
  });

  it("accepts a link only once", async () => {
    const c = await createCustomerAccount();
    const { token } = await requestReset(c.email);
    expect((await post("/api/customer-auth/reset-password", { token, password: "first new one" })).status).toBe(200);
    const again = await post("/api/customer-auth/reset-password", { token, password: "second new one" });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("invalid_request");
    expect(again.body.error.details.fieldErrors.token).toBeDefined();
    expect((await login(c.email, "first new one")).status).toBe(200);
  });

  it("refuses a link older than one hour and keeps the old password", async () => {
    const c = await createCustomerAccount();
    const asked = new Date("2031-09-09T09:00:00.000Z");
    const { token } = await requestReset(c.email, asked.toISOString());
    const late = await post(
      "/api/customer-auth/reset-password",
      { token, password: "too late now" },
      { now: new Date(asked.getTime() + 3600_000).toISOString() },
    );
    expect(late.status).toBe(400);
    expect((await login(c.email, FACTORY_PASSWORD)).status).toBe(200);
    const inTime = await post(
      "/api/customer-auth/reset-password",
      { token, password: "just in time" },
      { now: new Date(asked.getTime() + 3599_000).toISOString() },
    );
    expect(inTime.status).toBe(200);
  });

  it("retires an earlier link when a new one is asked for", async () => {
    const c = await createCustomerAccount();
    const first = await requestReset(c.email);
    const second = await requestReset(c.email);
    expect((await post("/api/customer-auth/reset-password", { token: first.token, password: "from old link" })).status).toBe(400);
    expect((await post("/api/customer-auth/reset-password", { token: second.token, password: "from new link" })).status).toBe(200);
  });

  it("refuses an unknown token with 400 and changes nothing", async () => {
    const res = await post("/api/customer-auth/reset-password", { token: "made-up-token", password: "whatever123" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("looks an unknown token up before hashing the new password: one read and no PBKDF2 derivation", async () => {
    // Counts the Worker's PBKDF2 derivations through the platform's own WebCrypto (called through,
    // not replaced): the Worker runs in this isolate, so its calls to crypto.subtle land here.
    const derivations = vi.spyOn(crypto.subtle, "deriveBits");
    const pbkdf2Runs = () => derivations.mock.calls.filter(([algorithm]) => (algorithm as { name?: string }).name === "PBKDF2").length;
    try {
      const { result, dbRequests } = await countDbRequests((dbTag) =>
        post("/api/customer-auth/reset-password", { token: "made-up-token", password: "whatever123" }, { dbTag }),
      );
      expect(result.status).toBe(400);
      expect(dbRequests).toBe(1);
      expect(pbkdf2Runs()).toBe(0);
      // The counter sees the Worker's derivations: a sign-in of an unknown e-mail costs exactly one,
      expect((await login(`nobody-${crypto.randomUUID()}@example.test`, "whatever123")).status).toBe(401);
      expect(pbkdf2Runs()).toBe(1);
      // and a live link hashes the new password once, after the lookup found it.
      const c = await createCustomerAccount();
      const { token } = await requestReset(c.email);
      expect((await post("/api/customer-auth/reset-password", { token, password: "a brand new secret" })).status).toBe(200);
      expect(pbkdf2Runs()).toBe(2);
    } finally {
      derivations.mockRestore();
    }
  });

  it("refuses a short new password without using the link up", async () => {
    const c = await createCustomerAccount();
    const { token } = await requestReset(c.email);
    const short = await post("/api/customer-auth/reset-password", { token, password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.error.details.fieldErrors.password).toBeDefined();
    expect((await post("/api/customer-auth/reset-password", { token, password: "long enough now" })).status).toBe(200);
  });

  it.each([
    ["a missing token", { password: "long enough" }, "token"],
    ["an unknown field", { token: "x", password: "long enough", email: "a@b.co" }, "email"],
  ])("refuses %s with 400 invalid_request", async (_label, body, field) => {
    const res = await post("/api/customer-auth/reset-password", body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors[field]).toBeDefined();
  });
});
