import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createAdmin, createTenant } from "../../helpers/factories";
import { auditOf, discard, emailRow, emailState, jobsList, jobsOfNewBusiness, plus, receiver, retry, writeJob } from "./support";

// design.md §24: the operator's jobs across tenants, by state, kind and tenant, paged by cursor;
// discard with a reason. Each test lists its own business's jobs (?tenantId=).

describe("GET /api/admin/jobs", () => {
  it("lists a tenant's pending jobs of every store, longest waiting first, paged by cursor", async () => {
    const { tenant, admin, t0 } = await jobsOfNewBusiness();
    const first = await emailRow(tenant.id, { at: t0 });
    const target = receiver();
    const second = await writeJob({ url: target.url, tenantId: tenant.id, now: plus(t0, 60) });
    const third = await emailRow(tenant.id, { at: plus(t0, 120) });

    const page1 = await jobsList(admin.token, `state=pending&tenantId=${tenant.id}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.data.jobs.map((j: { id: string }) => j.id)).toEqual([first.id, second.id]);
    expect(page1.body.data.jobs[0]).toEqual({
      id: first.id,
      kind: "email",
      type: "test.email",
      tenantId: tenant.id,
      businessName: expect.stringContaining("Business"),
      status: "pending",
      stuck: false,
      target: first.to,
      attempts: 0,
      lastError: null,
      lastStatusCode: null,
      dueAt: t0.toISOString(),
      lockedAt: null,
      createdAt: t0.toISOString(),
      updatedAt: t0.toISOString(),
      canRetry: false,
      canDiscard: true,
    });
    expect(page1.body.data.nextCursor).toEqual(expect.any(String));
    const page2 = await jobsList(admin.token, `state=pending&tenantId=${tenant.id}&limit=2&cursor=${page1.body.data.nextCursor}`);
    expect(page2.body.data).toEqual({ jobs: [expect.objectContaining({ id: third.id })], nextCursor: null });

    // ?kind= narrows to one kind, whichever store holds it.
    const jobsOnly = await jobsList(admin.token, `state=pending&tenantId=${tenant.id}&kind=test.http`);
    expect(jobsOnly.body.data.jobs.map((j: { id: string }) => j.id)).toEqual([second.id]);
    const emailsOnly = await jobsList(admin.token, `state=pending&tenantId=${tenant.id}&kind=email`);
    expect(emailsOnly.body.data.jobs.map((j: { id: string }) => j.id)).toEqual([first.id, third.id]);
  });

  it("lists stuck jobs (sending past the 5-minute timeout) and suppressed messages; retries a stuck one", async () => {
    const { tenant, admin, t0: now } = await jobsOfNewBusiness();
    const stuck = await emailRow(tenant.id, { status: "sending", at: plus(now, -900), lockedAt: plus(now, -6 * 60) });
    await emailRow(tenant.id, { status: "sending", at: plus(now, -120), lockedAt: plus(now, -60) });
    // design.md §31's per-recipient cap writes such rows (issue #33); the list shows them generically.
    const suppressed = await emailRow(tenant.id, { status: "suppressed", at: plus(now, -30) });

    const stuckList = await jobsList(admin.token, `state=stuck&tenantId=${tenant.id}`, now);
    expect(stuckList.body.data.jobs).toEqual([expect.objectContaining({ id: stuck.id, status: "sending", stuck: true, canRetry: true })]);
    const suppressedList = await jobsList(admin.token, `state=suppressed&tenantId=${tenant.id}`, now);
    expect(suppressedList.body.data.jobs).toEqual([
      expect.objectContaining({ id: suppressed.id, status: "suppressed", canRetry: false, canDiscard: true }),
    ]);

    const retried = await retry(admin.token, stuck.id, now);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id: stuck.id, status: "pending", dueAt: now.toISOString(), lockedAt: null });
  });

  it("refuses bad filters and cursors with 400, other callers with 401", async () => {
    const admin = await createAdmin();
    for (const q of ["state=done", "limit=0", "limit=500", "cursor=not-a-cursor"]) {
      const res = await jobsList(admin.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    const tenant = await createTenant();
    expect((await get("/api/admin/jobs", { token: tenant.token })).status).toBe(401);
    expect((await get("/api/admin/jobs")).status).toBe(401);
  });
});

describe("POST /api/admin/jobs/:id/discard", () => {
  it("drops a suppressed e-mail for good with its body, audited with the reason; once", async () => {
    const { tenant, admin, t0: now } = await jobsOfNewBusiness();
    const row = await emailRow(tenant.id, { status: "suppressed", at: plus(now, -60) });

    const missingReason = await discard(admin.token, row.id, undefined, now);
    expect(missingReason.status).toBe(400);
    expect(missingReason.body.error.details.fieldErrors.reason).toBeDefined();
    expect((await discard(admin.token, row.id, "   ", now)).status).toBe(400);

    const res = await discard(admin.token, row.id, "Customer asked us to stop", now);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, status: "discarded", canRetry: false, canDiscard: false });
    const stored = await emailState(row.id);
    expect(stored).toMatchObject({ status: "discarded", textBody: "", htmlBody: "" });
    const audit = await auditOf(row.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "job.discarded",
        actorType: "admin",
        actorId: admin.id,
        targetType: "job",
        reason: "Customer asked us to stop",
        metadata: { kind: "email", type: "test.email", tenantId: tenant.id, store: "email_outbox" },
      }),
    ]);

    const again = await discard(admin.token, row.id, "twice", now);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    expect(await auditOf(row.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown job and 409 for a job that is done", async () => {
    const { tenant, admin, t0: now } = await jobsOfNewBusiness();
    expect((await discard(admin.token, "job_does_not_exist", "no", now)).status).toBe(404);
    expect((await retry(admin.token, "eml_does_not_exist", now)).status).toBe(404);
    const sent = await emailRow(tenant.id, { status: "sent", at: now });
    const res = await retry(admin.token, sent.id, now);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("done");
    expect((await discard(admin.token, sent.id, "no", now)).status).toBe(409);
  });
});
