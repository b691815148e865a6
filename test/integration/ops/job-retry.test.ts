import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createMember, createTenant, ownerToken } from "../../helpers/factories";
import { deliverBatch, script } from "../../helpers/worker-entry";
import { providerRequests, scriptProvider } from "../email/outbox-harness";
import { captured, jobsWithKey, paidBooking } from "../payments/support";
import { createEndpoint, receiver as hookReceiver, writeEvent } from "../webhooks/harness";
import {
  aheadOfWallClock,
  auditOf,
  emailRow,
  emailState,
  jobsList,
  jobsOfNewBusiness,
  plus,
  pointerMessage,
  receiver,
  retry,
  writeJob,
} from "./support";

// design.md §24: a failing provider (e-mail, webhook receiver, Stripe stand-in) leaves jobs the
// console lists; a retry runs the job once more with its own idempotency key, so it completes
// exactly once, and a second retry is refused. Clocks run ahead of the wall clock so no other
// file's cron tick performs these rows.

const perform = (kind: string, id: string, at: Date) => deliverBatch([pointerMessage({ kind, id }, { testNow: at })]);

describe("retrying failed jobs", () => {
  it("an e-mail the provider refused: listed, retried once with the same key, a second retry is 409", async () => {
    const { tenant, admin, t0 } = await jobsOfNewBusiness();
    const row = await emailRow(tenant.id, { at: t0 });
    await scriptProvider(row.to, [{ status: 422, body: { message: "Invalid `to` field" } }]);
    await perform("email", row.id, plus(t0, 1));
    expect((await emailState(row.id)).status).toBe("failed");

    const listed = await jobsList(admin.token, `state=failed&tenantId=${tenant.id}`, plus(t0, 5));
    expect(listed.body.data.jobs).toEqual([
      expect.objectContaining({ id: row.id, kind: "email", status: "failed", attempts: 1, canRetry: true, canDiscard: true }),
    ]);

    const t1 = plus(t0, 60);
    const res = await retry(admin.token, row.id, t1);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, status: "pending", dueAt: t1.toISOString() });
    expect((await retry(admin.token, row.id, t1)).status).toBe(409);
    await perform("email", row.id, plus(t1, 1));
    await perform("email", row.id, plus(t1, 2));

    const sends = await providerRequests(row.to);
    expect(sends.map((s) => [s.status, s.headers["idempotency-key"]])).toEqual([
      [422, row.id],
      [200, row.id],
    ]);
    expect(await emailState(row.id)).toMatchObject({ status: "sent", attempts: 2 });
    const again = await retry(admin.token, row.id, plus(t1, 5));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("done");
    expect((await auditOf(row.id)).map((a) => [a.action, a.actorId])).toEqual([["job.retried", admin.id]]);
  });

  it("two retries at once: one wins, the other is 409, and the job runs once", async () => {
    const { tenant, admin, t0 } = await jobsOfNewBusiness();
    const row = await emailRow(tenant.id, { at: t0, status: "failed" });
    const answers = await Promise.all([retry(admin.token, row.id, t0), retry(admin.token, row.id, t0)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await Promise.all([perform("email", row.id, plus(t0, 1)), perform("email", row.id, plus(t0, 1))]);
    expect(await providerRequests(row.to)).toHaveLength(1);
    expect(await auditOf(row.id)).toHaveLength(1);
  });

  it("a webhook the receiver refused: retried once with the same Webhook-Id", async () => {
    const tenant = await createTenant();
    const hook = hookReceiver();
    await createEndpoint(tenant.token, hook.url);
    const t0 = aheadOfWallClock(60);
    const { eventId, deliveryIds } = await writeEvent(tenant.id, t0, "booking.created", { bookingId: "bkg_retry" });
    await script({ pathPrefix: hook.path }, [{ status: 410 }]);
    // Past the 24-hour window, a failure is final.
    await perform("webhook", deliveryIds[0], plus(t0, 24 * 3600 - 5));
    const admin = await createAdmin(plus(t0, 24 * 3600));
    const listed = await jobsList(admin.token, `state=failed&tenantId=${tenant.id}&kind=webhook`, plus(t0, 24 * 3600));
    expect(listed.body.data.jobs).toEqual([expect.objectContaining({ id: deliveryIds[0], type: "booking.created", lastStatusCode: 410 })]);

    const t1 = plus(t0, 25 * 3600);
    expect((await retry(admin.token, deliveryIds[0], t1)).status).toBe(200);
    await perform("webhook", deliveryIds[0], plus(t1, 1));
    await perform("webhook", deliveryIds[0], plus(t1, 2));
    const calls = await captured({ pathPrefix: hook.path });
    expect(calls.map((c) => [c.status, c.headers["webhook-id"]])).toEqual([
      [410, eventId],
      [200, eventId],
    ]);
  });

  it("a refund the Stripe stand-in kept failing: retried once with refund-<payment>-1, Stripe refunds once", async () => {
    const b = await paidBooking({ now: "2031-03-01T09:00:00.000Z", start: "2031-03-30T12:00:00" });
    const admin = await createAdmin();
    await script({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId! }, [{ status: 500 }]);
    const owner = await ownerToken(b.tenant.ownerId, b.tenant.id);
    const t0 = aheadOfWallClock(60);
    expect((await post(`/api/bookings/${b.booking.id}/cancel`, {}, { token: owner, now: t0 })).status).toBe(200);
    const [job] = await jobsWithKey("stripe.refund", `refund-${b.payment.id}-`);
    // The 14 earlier tries of its retry policy (15 attempts) are taken as made: the next failure is final.
    await testDb().update(schema.jobs).set({ attempts: 14 }).where(eq(schema.jobs.id, job.id));
    await perform("stripe.refund", job.id, plus(t0, 1));
    const listed = await jobsList(admin.token, `state=failed&tenantId=${b.tenant.id}&kind=stripe.refund`, plus(t0, 5));
    expect(listed.body.data.jobs).toEqual([
      expect.objectContaining({ id: job.id, kind: "stripe.refund", target: `refund-${b.payment.id}-1`, canRetry: true }),
    ]);

    const t1 = plus(t0, 120);
    expect((await retry(admin.token, job.id, t1)).status).toBe(200);
    await perform("stripe.refund", job.id, plus(t1, 1));
    await perform("stripe.refund", job.id, plus(t1, 2));
    const calls = await captured({ pathPrefix: "/stripe/v1/refunds", bodyContains: b.payment.stripePaymentIntentId! });
    expect(calls.map((c) => [c.status, c.headers["idempotency-key"]])).toEqual([
      [500, `refund-${b.payment.id}-1`],
      [200, `refund-${b.payment.id}-1`],
    ]);
    expect((await retry(admin.token, job.id, plus(t1, 5))).status).toBe(409);
  });
});

describe("POST /api/businesses/me/failed-jobs/:id/retry (owners)", () => {
  it("owners and admins retry their own failed e-mails; not Stripe calls, not another business's, not staff", async () => {
    const tenant = await createTenant();
    const t0 = aheadOfWallClock(60);
    const row = await emailRow(tenant.id, { at: t0, status: "failed" });
    const res = await post(`/api/businesses/me/failed-jobs/${row.id}/retry`, undefined, { token: tenant.token, now: t0 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: row.id, kind: "email", type: "test.email", status: "pending", dueAt: t0.toISOString() });
    expect((await auditOf(row.id)).map((a) => [a.action, a.actorType, a.actorId])).toEqual([["job.retried", "user", tenant.ownerId]]);

    const other = await createTenant();
    const foreign = await emailRow(other.id, { at: t0, status: "failed" });
    expect((await post(`/api/businesses/me/failed-jobs/${foreign.id}/retry`, undefined, { token: tenant.token, now: t0 })).status).toBe(
      404,
    );
    expect((await emailState(foreign.id)).status).toBe("failed");

    const staff = await createMember(tenant.id, "staff");
    const second = await emailRow(tenant.id, { at: t0, status: "failed" });
    expect((await post(`/api/businesses/me/failed-jobs/${second.id}/retry`, undefined, { token: staff.token, now: t0 })).status).toBe(403);
    const admin = await createMember(tenant.id, "admin");
    expect((await post(`/api/businesses/me/failed-jobs/${second.id}/retry`, undefined, { token: admin.token, now: t0 })).status).toBe(200);

    const stripeLike = await writeJob({ url: receiver().url, tenantId: tenant.id, now: t0 });
    await testDb().update(schema.jobs).set({ status: "failed" }).where(eq(schema.jobs.id, stripeLike.id));
    const refused = await post(`/api/businesses/me/failed-jobs/${stripeLike.id}/retry`, undefined, { token: tenant.token, now: t0 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
  });

  it("an e-mail whose body held a one-time link cannot be sent again", async () => {
    const tenant = await createTenant();
    const t0 = aheadOfWallClock(60);
    const row = await emailRow(tenant.id, { at: t0, sensitive: true });
    await testDb()
      .update(schema.emailOutbox)
      .set({ status: "failed", textBody: "", htmlBody: "" })
      .where(eq(schema.emailOutbox.id, row.id));
    const res = await post(`/api/businesses/me/failed-jobs/${row.id}/retry`, undefined, { token: tenant.token, now: t0 });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("cannot be sent again");
  });
});
