import { describe, expect, it } from "vitest";
import { ownerToken } from "../../helpers/factories";
import {
  business,
  cf,
  cfError,
  checkNow,
  createsOf,
  cronAt,
  deletesOf,
  HOSTNAMES,
  jobsOf,
  minutes,
  newDomain,
  readsOf,
  saveDomain,
  script,
  scriptRead,
  tenantRow,
} from "./support";
import { workerEnv } from "../../helpers/worker-entry";

// design.md §23: Cloudflare's error answers are 502 domain_provider_error and leave nothing
// half-made; the old hostname of a changed or cleared domain is deleted through the outbox,
// retried until Cloudflare answers.

const T0 = "2031-08-04T12:00:00.000Z";
const tokenAt = (t: { ownerId: string; id: string }, when: string | Date = T0) => ownerToken(t.ownerId, t.id, "owner", new Date(when));

describe("Cloudflare refusing or failing", () => {
  it.each([
    ["refuses the hostname", cfError(400, 1409, "Invalid custom hostname. Custom hostnames must be a valid domain.")],
    ["has an outage", cfError(503, 10000, "Service unavailable")],
  ])("when Cloudflare %s, saving is 502 domain_provider_error and nothing is saved", async (_what, answer) => {
    const salon = await business();
    const domain = newDomain();
    await script({ pathPrefix: HOSTNAMES, bodyContains: `"${domain}"`, method: "POST" }, [answer]);
    const before = await tenantRow(salon.id);
    const res = await saveDomain(await tokenAt(salon), domain, T0, { city: "York" });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("domain_provider_error");
    expect(res.body.error.message).toContain("Nothing was changed");
    expect(await tenantRow(salon.id)).toEqual(before);
  });

  it("names Cloudflare's reason in the message, never the token", async () => {
    const salon = await business();
    const domain = newDomain();
    await script({ pathPrefix: HOSTNAMES, bodyContains: `"${domain}"`, method: "POST" }, [
      cfError(400, 1409, "Invalid custom hostname. Custom hostnames must be a valid domain."),
    ]);
    const res = await saveDomain(await tokenAt(salon), domain, T0);
    expect(res.body.error.message).toContain("Invalid custom hostname");
    expect(res.text).not.toContain("test-cf-token");
  });

  it("a hostname made for a save that then did not happen is deleted again", async () => {
    const salon = await business(); // no Stripe account: turning payment on is refused
    const domain = newDomain();
    const before = await tenantRow(salon.id);
    const res = await saveDomain(await tokenAt(salon), domain, T0, { requirePayment: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("stripe_not_connected");
    expect((await createsOf(domain)).map((c) => c.status)).toEqual([201]);
    // Cloudflare holds no hostname of that name any more.
    const listed = await fetch(`${workerEnv.CAPTURE_URL}${HOSTNAMES}?hostname=${encodeURIComponent(domain)}`);
    expect(((await listed.json()) as { result: unknown[] }).result).toEqual([]);
    expect(await tenantRow(salon.id)).toEqual(before);
  });

  it("Check now answers 502 when Cloudflare does not answer, and changes nothing", async () => {
    const salon = await business();
    const token = await tokenAt(salon);
    await saveDomain(token, newDomain(), T0);
    const before = await tenantRow(salon.id);
    await scriptRead(before.customHostnameId ?? "", [cfError(500, 1000, "Internal error")]);
    const res = await checkNow(token, minutes(T0, 1));
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("domain_provider_error");
    expect(await tenantRow(salon.id)).toEqual(before);
  });

  it("a cron run Cloudflare does not answer changes nothing but the check time: the next read is 5 minutes later", async () => {
    const salon = await business();
    await saveDomain(await tokenAt(salon), newDomain(), T0);
    const { customHostnameId: id } = await tenantRow(salon.id);
    await scriptRead(id ?? "", [cfError(502, 1000, "Bad gateway")]);
    await cronAt(minutes(T0, 5), salon.id);
    expect(await tenantRow(salon.id)).toMatchObject({ customDomainStatus: "pending", customDomainCheckedAt: minutes(T0, 5).toISOString() });
    await cronAt(minutes(T0, 9), salon.id);
    expect(await readsOf(id ?? "")).toHaveLength(1);
    await cronAt(minutes(T0, 10), salon.id);
    expect(await readsOf(id ?? "")).toHaveLength(2);
  });
});

describe("the old hostname of a changed or cleared domain", () => {
  it("is deleted through the outbox, retried until Cloudflare answers", async () => {
    const salon = await business();
    const token = await tokenAt(salon);
    await saveDomain(token, newDomain(), T0);
    const { customHostnameId: old } = await tenantRow(salon.id);
    await script({ pathPrefix: `${HOSTNAMES}/${old}`, method: "DELETE" }, [
      cfError(500, 1000, "Internal error"),
      cfError(429, 971, "Please wait and consider throttling"),
    ]);

    const next = newDomain();
    const changed = await saveDomain(token, next, T0);
    expect(changed.body.data.customDomainStatus.hostname).toBe(next);
    const [job] = await jobsOf(salon.id);
    expect(job).toMatchObject({ status: "pending", idempotencyKey: `hostname-delete-${old}` });

    await cronAt(T0, salon.id);
    expect((await jobsOf(salon.id))[0]).toMatchObject({ status: "pending", attempts: 1 });
    await cronAt(minutes(T0, 1), salon.id);
    expect((await jobsOf(salon.id))[0]).toMatchObject({ status: "pending", attempts: 2 });
    await cronAt(minutes(T0, 3), salon.id);
    expect((await jobsOf(salon.id))[0]).toMatchObject({ status: "done", attempts: 3 });
    expect((await deletesOf(old ?? "")).map((d) => d.status)).toEqual([500, 429, 200]);
  });

  it("clearing the domain deletes its hostname, and its Host no longer serves the business", async () => {
    const salon = await business();
    const token = await tokenAt(salon);
    const domain = newDomain();
    await saveDomain(token, domain, T0);
    const { customHostnameId: old } = await tenantRow(salon.id);
    const cleared = await saveDomain(token, null, T0);
    expect(cleared.body.data).toMatchObject({ customDomain: null, customDomainStatus: null });
    await cronAt(T0, salon.id);
    expect((await deletesOf(old ?? "")).map((d) => d.status)).toEqual([200]);
    expect((await jobsOf(salon.id))[0].status).toBe("done");
    // The Host is nobody's now: the platform's landing page, not the business.
    const page = await cf("GET", "/", { host: domain });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain((await tenantRow(salon.id)).businessName);
  });
});
