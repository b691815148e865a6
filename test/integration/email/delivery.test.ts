import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../src/db/client";
import { claimOutboxRow, deliverOutboxEmail, dispatchDueOutboxEmails } from "../../../src/services/email/delivery";
import { emailProviderFromConfig } from "../../../src/services/email/provider";
import { MAX_EMAIL_ATTEMPTS } from "../../../src/services/email/retry-policy";
import { countDbRequests } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  deliverBatch,
  emailMessage,
  eventually,
  letBackoffElapse,
  outboxRow,
  providerRequests,
  runCron,
  scriptProvider,
  workerEnv,
  writeOutboxEmail,
} from "./outbox-harness";

// The queue and cron cases share one file on purpose: tests in a file run one after another, so
// a cron tick here never takes a row in the middle of a queue case. Other files sharing the
// database may tick the cron too; the cron always uses wall time, so it only ever takes rows
// that are due, and every assertion is about this test's own row and recipient.

/** Cron ticks until the row reaches `status` (a tick takes one bounded batch of the oldest due rows). */
async function cronUntil(id: string, status: "sent" | "pending" | "failed") {
  return eventually(
    async () => {
      await runCron();
      const row = await outboxRow(id);
      return row.status === status ? row : undefined;
    },
    15_000,
    `row ${id} to become ${status}`,
  );
}

describe("e-mail queue consumer", () => {
  it("delivers an outbox row once, with the provider's headers and the stored e-mail", async () => {
    const email = await writeOutboxEmail();
    const msg = emailMessage(email.id);
    const result = await deliverBatch([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);

    const requests = await providerRequests(email.to);
    expect(requests).toHaveLength(1);
    const req = requests[0];
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/email");
    expect(req.headers.authorization).toBe("Bearer test-email-key");
    expect(req.headers["idempotency-key"]).toBe(email.id);
    expect(req.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(req.body)).toEqual({
      from: "Bookings <no-reply@bookings.example>",
      to: [email.to],
      subject: email.subject,
      text: `Text for ${email.to}`,
      html: `<p>Html for ${email.to}</p>`,
      // design.md §30: every e-mail names its language (a finished row is an English one).
      headers: { "Content-Language": "en" },
    });

    const row = await outboxRow(email.id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(1);
    expect(row.providerMessageId).toMatch(/^cap_\d+$/);
    expect(row.sentAt).not.toBeNull();
    expect(row.lastError).toBeNull();
    expect(row.lockedAt).toBeNull();
  });

  it("retries a provider that fails three times with growing delays, then delivers exactly once", async () => {
    const email = await writeOutboxEmail();
    await scriptProvider(email.to, [{ status: 503 }, { status: 500, body: { message: "upstream" } }, { status: 429 }]);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const msg = emailMessage(email.id, attempt);
      const result = await deliverBatch([msg]);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      delays.push(result.retryMessages[0].delaySeconds!);
      const row = await outboxRow(email.id);
      expect(row.status).toBe("pending");
      expect(row.attempts).toBe(attempt);
      // The row waits as long as the message does, so the cron does not jump the backoff.
      expect(Date.parse(row.nextAttemptAt) - Date.now()).toBeGreaterThan((delays[attempt - 1] - 5) * 1000);
      await letBackoffElapse(email.id);
    }
    expect(delays).toEqual([30, 60, 120]);
    expect((await outboxRow(email.id)).lastError).toMatch(/HTTP 429/);

    const final = emailMessage(email.id, 4);
    const result = await deliverBatch([final]);
    expect(result.explicitAcks).toEqual([final.id]);

    const requests = await providerRequests(email.to);
    expect(requests.map((r) => r.status)).toEqual([503, 500, 429, 200]);
    // One key for every try: the provider itself can drop a duplicate.
    expect(new Set(requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([email.id]));
    const row = await outboxRow(email.id);
    expect(row).toMatchObject({ status: "sent", attempts: 4, lastError: null });
  });

  it("sends once when the same message is delivered twice in one batch", async () => {
    const email = await writeOutboxEmail();
    const first = emailMessage(email.id);
    const again = emailMessage(email.id);
    const result = await deliverBatch([first, again]);
    expect(result.explicitAcks.sort()).toEqual([first.id, again.id].sort());
    expect(result.retryMessages).toEqual([]);
    expect(await providerRequests(email.to)).toHaveLength(1);
    expect((await outboxRow(email.id)).attempts).toBe(1);
  });

  it("sends once when two consumers get the same message at the same time", async () => {
    const email = await writeOutboxEmail();
    // A slow provider keeps the first claim open while the second consumer arrives.
    await scriptProvider(email.to, [{ status: 200, body: { id: "slow-1" }, delayMs: 300 }]);
    const [a, b] = await Promise.all([deliverBatch([emailMessage(email.id)]), deliverBatch([emailMessage(email.id)])]);
    expect(a.explicitAcks.length + b.explicitAcks.length).toBe(2);
    expect(a.retryMessages.length + b.retryMessages.length).toBe(0);
    expect(await providerRequests(email.to)).toHaveLength(1);
    expect(await outboxRow(email.id)).toMatchObject({ status: "sent", attempts: 1, providerMessageId: "slow-1" });
  });

  it("acks a redelivered message for a row already sent, without sending again", async () => {
    const email = await writeOutboxEmail();
    await deliverBatch([emailMessage(email.id)]);
    const redelivered = emailMessage(email.id, 2);
    const result = await deliverBatch([redelivered]);
    expect(result.explicitAcks).toEqual([redelivered.id]);
    expect(await providerRequests(email.to)).toHaveLength(1);
  });

  it("gives up after the maximum number of attempts and keeps the last error", async () => {
    const email = await writeOutboxEmail();
    await scriptProvider(
      email.to,
      Array.from({ length: MAX_EMAIL_ATTEMPTS }, () => ({ status: 502, body: { message: "bad gateway" } })),
    );
    for (let attempt = 1; attempt < MAX_EMAIL_ATTEMPTS; attempt++) {
      const result = await deliverBatch([emailMessage(email.id, attempt)]);
      expect(result.retryMessages).toHaveLength(1);
      expect((await outboxRow(email.id)).status).toBe("pending");
      await letBackoffElapse(email.id);
    }
    const last = emailMessage(email.id, MAX_EMAIL_ATTEMPTS);
    const result = await deliverBatch([last]);
    expect(result.explicitAcks).toEqual([last.id]);
    expect(result.retryMessages).toEqual([]);

    const row = await outboxRow(email.id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(MAX_EMAIL_ATTEMPTS);
    expect(row.lastError).toMatch(/gave up after 10 attempts.*HTTP 502.*bad gateway/);
    expect(row.sentAt).toBeNull();

    // Failed is final: neither a late message nor the cron sends it again.
    await deliverBatch([emailMessage(email.id, MAX_EMAIL_ATTEMPTS + 1)]);
    await letBackoffElapse(email.id);
    await runCron();
    expect(await providerRequests(email.to)).toHaveLength(MAX_EMAIL_ATTEMPTS);
  });

  it("fails at once, without retries, when the provider refuses the e-mail itself (422)", async () => {
    const email = await writeOutboxEmail();
    await scriptProvider(email.to, [{ status: 422, body: { name: "validation_error", message: "Invalid `to` field" } }]);
    const msg = emailMessage(email.id);
    const result = await deliverBatch([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);

    const row = await outboxRow(email.id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/HTTP 422.*Invalid `to` field/);
    await letBackoffElapse(email.id);
    await runCron();
    expect(await providerRequests(email.to)).toHaveLength(1);
  });

  it("asks the queue to come back later when a message arrives before the row's backoff ran out", async () => {
    const email = await writeOutboxEmail();
    await scriptProvider(email.to, [{ status: 503 }]);
    await deliverBatch([emailMessage(email.id)]);
    const early = emailMessage(email.id, 2);
    const result = await deliverBatch([early]);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.retryMessages[0].delaySeconds).toBeGreaterThanOrEqual(25);
    expect(result.retryMessages[0].delaySeconds).toBeLessThanOrEqual(30);
    expect(await providerRequests(email.to)).toHaveLength(1);
  });

  it("acks a message for a row another worker is sending, and takes the row over once that claim is presumed dead", async () => {
    // A worker claimed the row and died mid-send 6 minutes ago.
    const email = await writeOutboxEmail({ now: new Date(Date.now() - 10 * 60_000) });
    const claim = await claimOutboxRow(testDb(), email.id, new Date(Date.now() - 6 * 60_000));
    expect(claim.claimed).toBe(true);
    const fresh = await writeOutboxEmail();
    await claimOutboxRow(testDb(), fresh.id, new Date()); // held right now by a live worker

    const liveMsg = emailMessage(fresh.id);
    const live = await deliverBatch([liveMsg]);
    expect(live.explicitAcks).toEqual([liveMsg.id]);
    expect(await providerRequests(fresh.to)).toHaveLength(0);

    const stuckMsg = emailMessage(email.id, 2);
    const stuck = await deliverBatch([stuckMsg]);
    expect(stuck.explicitAcks).toEqual([stuckMsg.id]);
    expect(await providerRequests(email.to)).toHaveLength(1);
    expect(await outboxRow(email.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("acks a message whose row does not exist", async () => {
    const msg = emailMessage("eml_does_not_exist");
    const result = await deliverBatch([msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
  });

  it("costs two database round trips to send and one to refuse a duplicate", async () => {
    const email = await writeOutboxEmail();
    const provider = emailProviderFromConfig({
      EMAIL_PROVIDER_URL: `${env.CAPTURE_URL}/email`,
      EMAIL_API_KEY: "k",
      EMAIL_FROM: "x@example.test",
    });
    const deliver = (tag: string) =>
      deliverOutboxEmail(
        createDb({ LIBSQL_URL: workerEnv.LIBSQL_URL!, LIBSQL_AUTH_TOKEN: undefined }, tag),
        provider,
        email.id,
        () => new Date(),
      );
    const sent = await countDbRequests(deliver);
    expect(sent.result).toMatchObject({ kind: "delivered", outcome: { kind: "sent" } });
    expect(sent.dbRequests).toBe(2);
    const dup = await countDbRequests(deliver);
    expect(dup.result).toMatchObject({ kind: "not_claimed", current: { status: "sent" } });
    expect(dup.dbRequests).toBe(1);
  });
});

describe("e-mail cron dispatch", () => {
  it("delivers an e-mail whose enqueue was lost (row written, no message)", async () => {
    const email = await writeOutboxEmail();
    const row = await cronUntil(email.id, "sent");
    expect(row.attempts).toBe(1);
    expect(row.providerMessageId).toMatch(/^cap_\d+$/);
    const requests = await providerRequests(email.to);
    expect(requests).toHaveLength(1);
    expect(requests[0].headers["idempotency-key"]).toBe(email.id);
  });

  it("keeps a row pending through a long provider outage and delivers it once the provider recovers", async () => {
    const email = await writeOutboxEmail();
    const outage = 6;
    await scriptProvider(
      email.to,
      Array.from({ length: outage }, () => ({ status: 503, body: { message: "maintenance" } })),
    );

    // First try through the queue, as a fresh e-mail would go.
    const first = await deliverBatch([emailMessage(email.id)]);
    expect(first.retryMessages).toHaveLength(1);

    // A tick before the backoff ran out leaves the row alone.
    await runCron();
    expect(await providerRequests(email.to)).toHaveLength(1);

    // Later ticks, each after the backoff ran out, keep failing: the row stays pending, not failed.
    for (let attempt = 2; attempt <= outage; attempt++) {
      await letBackoffElapse(email.id);
      const row = await eventually(async () => {
        await runCron();
        const r = await outboxRow(email.id);
        return r.attempts === attempt ? r : undefined;
      });
      expect(row.status).toBe("pending");
      expect(row.lastError).toMatch(/HTTP 503.*maintenance/);
    }

    // The provider is back (the queue message is long gone): the next due tick delivers it.
    await letBackoffElapse(email.id);
    const sent = await cronUntil(email.id, "sent");
    expect(sent.attempts).toBe(outage + 1);
    expect(sent.lastError).toBeNull();
    const requests = await providerRequests(email.to);
    expect(requests.map((r) => r.status)).toEqual([...Array(outage).fill(503), 200]);
  });

  it("takes over a row whose sender died mid-send once the claim is 5 minutes old, and not before", async () => {
    const dead = await writeOutboxEmail({ now: new Date(Date.now() - 10 * 60_000) });
    await claimOutboxRow(testDb(), dead.id, new Date(Date.now() - 6 * 60_000));
    const live = await writeOutboxEmail({ now: new Date(Date.now() - 10 * 60_000) });
    await claimOutboxRow(testDb(), live.id, new Date(Date.now() - 60_000));

    const row = await cronUntil(dead.id, "sent");
    expect(row.attempts).toBe(2);
    expect(await providerRequests(dead.to)).toHaveLength(1);
    expect((await outboxRow(live.id)).status).toBe("sending");
    expect(await providerRequests(live.to)).toHaveLength(0);
  });

  it("does not send a row twice when the cron and the queue reach it together", async () => {
    const email = await writeOutboxEmail();
    await scriptProvider(email.to, [{ status: 200, body: { id: "race-1" }, delayMs: 200 }]);
    const msg = emailMessage(email.id);
    const [queued] = await Promise.all([deliverBatch([msg]), runCron()]);
    expect(queued.retryMessages).toEqual([]);
    expect(queued.explicitAcks).toEqual([msg.id]);
    await eventually(async () => ((await outboxRow(email.id)).status === "sent" ? true : undefined));
    expect(await providerRequests(email.to)).toHaveLength(1);
    expect((await outboxRow(email.id)).attempts).toBe(1);
  });

  it("costs one round trip to claim a batch plus one per 10 rows sent", async () => {
    // Whichever 12 due rows the run takes (other files share the database), the cost is the same.
    for (let i = 0; i < 12; i++) await writeOutboxEmail();
    const provider = emailProviderFromConfig({
      EMAIL_PROVIDER_URL: `${env.CAPTURE_URL}/email`,
      EMAIL_API_KEY: "k",
      EMAIL_FROM: "x@example.test",
    });
    const { result, dbRequests } = await countDbRequests((tag) =>
      dispatchDueOutboxEmails(
        createDb({ LIBSQL_URL: workerEnv.LIBSQL_URL!, LIBSQL_AUTH_TOKEN: undefined }, tag),
        provider,
        () => new Date(),
        { limit: 12 },
      ),
    );
    expect(result.claimed).toBe(12);
    expect(dbRequests).toBe(3);
  });
});
