import { describe, expect, it } from "vitest";
import { ownerToken } from "../../helpers/factories";
import {
  business,
  cf,
  checkNow,
  createsOf,
  cronAt,
  deletesOf,
  hostnameAnswer,
  jobsOf,
  minutes,
  newDomain,
  readsOf,
  saveDomain,
  scriptRead,
  sentTo,
  TARGET,
  tenantRow,
} from "./support";

// design.md §23: a pending domain is re-read by the cron every 5 minutes until Cloudflare reports
// the hostname and its certificate active (the owner is e-mailed), or given up after 7 days (the
// owner is told why, the hostname deleted through the outbox). "Check now" re-reads at once.

const T0 = "2031-07-01T08:00:00.000Z";

async function pendingSalon(claimAt = T0) {
  const salon = await business();
  const token = await ownerToken(salon.ownerId, salon.id, "owner", new Date(claimAt));
  const domain = newDomain();
  expect((await saveDomain(token, domain, claimAt)).status).toBe(200);
  const id = (await tenantRow(salon.id)).customHostnameId ?? "";
  return { salon, token, domain, id };
}

describe("the cron's re-check", () => {
  it("waits 5 minutes between reads, keeps the certificate's progress while pending, then makes the domain active and e-mails the owner once", async () => {
    const { salon, domain, id } = await pendingSalon();
    await cronAt(minutes(T0, 4), salon.id);
    expect(await readsOf(id)).toHaveLength(0);

    await scriptRead(id, [hostnameAnswer(id, domain, { status: "active", sslStatus: "pending_validation", verificationErrors: [] })]);
    await cronAt(minutes(T0, 5), salon.id);
    expect(await readsOf(id)).toHaveLength(1);
    expect(await tenantRow(salon.id)).toMatchObject({ customDomainStatus: "pending", customDomainSslStatus: "pending_validation" });
    expect((await cf("GET", "/", { host: domain })).status).toBe(404);

    // The next run within 5 minutes of that read asks nothing.
    await cronAt(minutes(T0, 9), salon.id);
    expect(await readsOf(id)).toHaveLength(1);

    await scriptRead(id, [hostnameAnswer(id, domain, { status: "active", sslStatus: "active", verificationErrors: [] })]);
    await cronAt(minutes(T0, 10), salon.id);
    expect(await tenantRow(salon.id)).toMatchObject({ customDomainStatus: "active", customDomainSslStatus: "active" });
    expect((await cf("GET", "/", { host: domain })).status).toBe(200);
    const mails = await sentTo(salon.ownerEmail);
    expect(mails.map((m) => m.subject)).toEqual([`${domain} now shows your booking page`]);
    expect(mails[0].text).toContain(`https://${domain}`);

    // Active domains are not read again.
    await cronAt(minutes(T0, 20), salon.id);
    expect(await readsOf(id)).toHaveLength(2);
    expect(await sentTo(salon.ownerEmail)).toHaveLength(1);
  });

  it("after 7 days still pending marks the domain failed, deletes its hostname through the outbox and tells the owner why", async () => {
    const { salon, domain, id } = await pendingSalon();
    const justBefore = new Date(new Date(T0).getTime() + 7 * 86400_000 - 5 * 60_000);
    await cronAt(justBefore, salon.id);
    expect((await tenantRow(salon.id)).customDomainStatus).toBe("pending");

    await cronAt(new Date(new Date(T0).getTime() + 7 * 86400_000), salon.id);
    const row = await tenantRow(salon.id);
    expect(row).toMatchObject({ customDomain: domain, customDomainStatus: "failed", customHostnameId: null });
    expect(row.customDomainProblem).toContain("custom hostname does not CNAME to this zone.");
    // The same cron run performed the delete job and sent the e-mail.
    expect(await deletesOf(id)).toHaveLength(1);
    expect((await jobsOf(salon.id))[0]).toMatchObject({ status: "done", idempotencyKey: `hostname-delete-${id}` });
    const [mail] = await sentTo(salon.ownerEmail);
    expect(mail.subject).toBe(`${domain} could not be set up`);
    expect(mail.text).toContain("were not found within 7 days");
    expect(mail.text).toContain("custom hostname does not CNAME to this zone.");

    // The owner sees it failed, with only the CNAME (the old verification record is dead).
    const later = new Date(new Date(T0).getTime() + 8 * 86400_000);
    const token = await ownerToken(salon.ownerId, salon.id, "owner", later);
    const shown = (await cf("GET", "/api/businesses/me", { token, now: later })).body.data.customDomainStatus;
    expect(shown).toMatchObject({ status: "failed", dnsRecords: [{ type: "CNAME", name: domain, value: TARGET }] });
    expect((await cf("GET", "/", { host: domain })).status).toBe(404);
    // Saving it again starts over with a new hostname.
    const retry = await saveDomain(token, domain, later);
    expect(retry.body.data.customDomainStatus.status).toBe("pending");
    expect(await createsOf(domain)).toHaveLength(2);
  });

  it("gives up at once on a hostname Cloudflare blocked, saying so", async () => {
    const { salon, domain, id } = await pendingSalon();
    await scriptRead(id, [hostnameAnswer(id, domain, { status: "blocked", sslStatus: "pending_validation" })]);
    await cronAt(minutes(T0, 5), salon.id);
    expect((await tenantRow(salon.id)).customDomainStatus).toBe("failed");
    expect((await sentTo(salon.ownerEmail))[0].text).toContain("Cloudflare refused to serve this domain");
  });

  it("creates the hostname of a domain saved before custom hostnames existed on its first run: pending, not served", async () => {
    const domain = newDomain();
    const salon = await business({ customDomain: domain });
    const token = await ownerToken(salon.ownerId, salon.id, "owner", new Date(T0));
    const before = (await cf("GET", "/api/businesses/me", { token, now: T0 })).body.data.customDomainStatus;
    expect(before).toEqual({
      hostname: domain,
      status: "pending",
      sslStatus: null,
      dnsRecords: [{ type: "CNAME", name: domain, value: TARGET }],
      checkedAt: null,
    });
    expect((await cf("GET", "/", { host: domain })).status).toBe(404);

    await cronAt(T0, salon.id);
    expect(await createsOf(domain)).toHaveLength(1);
    const row = await tenantRow(salon.id);
    expect(row).toMatchObject({ customDomainStatus: "pending", customDomainClaimedAt: T0, customDomainCheckedAt: T0 });
    expect(row.customHostnameId).toBeTruthy();
    const after = (await cf("GET", "/api/businesses/me", { token, now: T0 })).body.data.customDomainStatus;
    expect(after.dnsRecords.map((r: { type: string }) => r.type)).toEqual(["CNAME", "TXT"]);
  });
});

describe("Check now", () => {
  it("re-reads a pending domain at once: certificate still pending, then live", async () => {
    const { salon, token, domain, id } = await pendingSalon();
    await scriptRead(id, [
      hostnameAnswer(id, domain, { status: "active", sslStatus: "pending_validation", verificationErrors: [] }),
      hostnameAnswer(id, domain, { status: "active", sslStatus: "active", verificationErrors: [] }),
    ]);
    const first = await checkNow(token, minutes(T0, 1));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ hostname: domain, status: "pending", sslStatus: "pending_validation" });
    expect(first.body.data.checkedAt).toBe(minutes(T0, 1).toISOString());
    const second = await checkNow(token, minutes(T0, 2));
    expect(second.body.data).toMatchObject({ status: "active", sslStatus: "active" });
    expect(await readsOf(id)).toHaveLength(2);
    // An active domain is answered as stored.
    expect((await checkNow(token, minutes(T0, 3))).body.data.status).toBe("active");
    expect(await readsOf(id)).toHaveLength(2);
    await cronAt(minutes(T0, 3), salon.id); // sends the queued e-mail in this scoped run
    expect((await sentTo(salon.ownerEmail)).map((m) => m.subject)).toEqual([`${domain} now shows your booking page`]);
  });

  it("is 404 without a custom domain", async () => {
    const salon = await business();
    const res = await checkNow(await ownerToken(salon.ownerId, salon.id, "owner", new Date(T0)), T0);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});
