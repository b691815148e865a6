import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { purgeSentEmailsStatement } from "../../../src/services/email/delivery";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomerAccount } from "../../helpers/factories";
import {
  deliverBatch,
  emailMessage,
  eventually,
  outboxRow,
  providerRequests,
  runCron,
  scriptProvider,
  writeOutboxEmail,
} from "./outbox-harness";

// design.md §18: sensitive outbox rows (reset and invite links) keep no body once sent; sent rows
// older than 30 days are deleted by the cron, a bounded batch per run.

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/** A row as it looks after being sent `days` ago (history no test can wait for). */
async function sentDaysAgo(days: number) {
  const email = await writeOutboxEmail({ now: daysAgo(days) });
  const at = daysAgo(days).toISOString();
  await testDb()
    .update(schema.emailOutbox)
    .set({ status: "sent", attempts: 1, sentAt: at, updatedAt: at })
    .where(eq(schema.emailOutbox.id, email.id));
  return email;
}

describe("sensitive e-mails", () => {
  it("reach the provider whole and keep no body in the outbox once sent", async () => {
    const email = await writeOutboxEmail({ sensitive: true });
    const msg = emailMessage(email.id);
    expect((await deliverBatch([msg])).explicitAcks).toEqual([msg.id]);

    const [req] = await providerRequests(email.to);
    expect(JSON.parse(req.body)).toMatchObject({ text: `Text for ${email.to}`, html: `<p>Html for ${email.to}</p>` });
    const row = await outboxRow(email.id);
    expect(row).toMatchObject({ status: "sent", sensitive: true, textBody: "", htmlBody: "", subject: email.subject, toEmail: email.to });
  });

  it("keep their body while a retry is pending, and lose it once a later try sends them", async () => {
    const email = await writeOutboxEmail({ sensitive: true });
    await scriptProvider(email.to, [{ status: 503 }]);
    await deliverBatch([emailMessage(email.id)]);
    expect(await outboxRow(email.id)).toMatchObject({ status: "pending", textBody: `Text for ${email.to}` });

    const later = new Date(Date.now() + 31_000);
    await deliverBatch([{ ...emailMessage(email.id, 2), body: { kind: "email", id: email.id, testNow: later.toISOString() } as never }]);
    expect(await outboxRow(email.id)).toMatchObject({ status: "sent", attempts: 2, textBody: "", htmlBody: "" });
    expect((await providerRequests(email.to)).map((r) => r.status)).toEqual([503, 200]);
  });

  it("keep no body when the provider refuses them for good either", async () => {
    const email = await writeOutboxEmail({ sensitive: true });
    await scriptProvider(email.to, [{ status: 422, body: { message: "bad address" } }]);
    await deliverBatch([emailMessage(email.id)]);
    expect(await outboxRow(email.id)).toMatchObject({ status: "failed", textBody: "", htmlBody: "" });
  });

  it("other e-mails keep their body once sent", async () => {
    const email = await writeOutboxEmail();
    await deliverBatch([emailMessage(email.id)]);
    expect(await outboxRow(email.id)).toMatchObject({ status: "sent", sensitive: false, textBody: `Text for ${email.to}` });
  });

  it("a password-reset e-mail is written sensitive, delivered with its link, then kept without it", async () => {
    const account = await createCustomerAccount();
    expect((await post("/api/customer-auth/forgot-password", { email: account.email })).status).toBe(200);
    // The Worker enqueued it; the local queue's consumer sends it.
    const row = await eventually(
      async () => {
        const [r] = await testDb().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toEmail, account.email));
        return r?.status === "sent" ? r : undefined;
      },
      15_000,
      "the reset e-mail to be sent",
    );
    expect(row).toMatchObject({ kind: "customer.password_reset", sensitive: true, textBody: "", htmlBody: "" });
    const [req] = await providerRequests(account.email);
    expect(JSON.parse(req.body).text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{20,}/);
  });
});

describe("30-day purge of sent e-mails", () => {
  // Runs first: its clock is 15 days ahead, so it must not meet the 29-day row of the next case.
  it("deletes a bounded batch per run, oldest first, and catches up over the next runs", async () => {
    const old = [await sentDaysAgo(22), await sentDaysAgo(21), await sentDaysAgo(20)];
    const recent = await sentDaysAgo(5);
    // Seen from 15 days ahead, the 20-22 day old rows are past the 30 days; the real cron (wall
    // time) never reaches them, so only these runs delete anything here.
    const later = new Date(Date.now() + 15 * DAY);
    const run = async () => (await purgeSentEmailsStatement(testDb(), later, 2)).rowsAffected;
    expect(await run()).toBe(2);
    expect(await outboxRow(old[0].id)).toBeUndefined();
    expect(await outboxRow(old[1].id)).toBeUndefined();
    expect(await outboxRow(old[2].id)).toBeDefined();
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    expect(await outboxRow(old[2].id)).toBeUndefined();
    expect(await outboxRow(recent.id)).toBeDefined();
  });

  it("the cron deletes sent rows older than 30 days and keeps newer, failed and unsent ones", async () => {
    const expired = await sentDaysAgo(31);
    const young = await sentDaysAgo(29);
    const failed = await writeOutboxEmail({ now: daysAgo(40) });
    await testDb().update(schema.emailOutbox).set({ status: "failed", attempts: 1 }).where(eq(schema.emailOutbox.id, failed.id));
    const waiting = await writeOutboxEmail({ now: daysAgo(40) });
    const dueLater = new Date(Date.now() + DAY).toISOString();
    await testDb().update(schema.emailOutbox).set({ nextAttemptAt: dueLater }).where(eq(schema.emailOutbox.id, waiting.id));

    await eventually(
      async () => {
        await runCron();
        return (await outboxRow(expired.id)) ? undefined : true;
      },
      15_000,
      "the purge",
    );
    expect(await outboxRow(young.id)).toMatchObject({ status: "sent" });
    expect(await outboxRow(failed.id)).toMatchObject({ status: "failed" });
    expect(await outboxRow(waiting.id)).toMatchObject({ status: "pending" });
  });
});
