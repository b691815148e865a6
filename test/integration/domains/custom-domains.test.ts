import { describe, expect, it } from "vitest";
import { get, patch } from "../../helpers/api";
import { createMember, ownerToken } from "../../helpers/factories";
import {
  business,
  captured,
  CF_TOKEN,
  cf,
  checkNow,
  createsOf,
  deletesOf,
  HOSTNAMES,
  hostnameAnswer,
  jobsOf,
  newDomain,
  saveDomain,
  script,
  scriptRead,
  TARGET,
  tenantRow,
} from "./support";

// design.md §23 through the owner API and the pages: a saved domain becomes a Cloudflare for SaaS
// custom hostname, the owner sees the records to add and the status, and the domain serves its
// business only once Cloudflare reports hostname and certificate active.

const T0 = "2031-06-02T09:00:00.000Z";
const at = async (t: { ownerId: string; id: string }, when = T0) => ownerToken(t.ownerId, t.id, "owner", new Date(when));

describe("saving a custom domain with Cloudflare for SaaS on", () => {
  it("creates the custom hostname and answers pending with the CNAME and Cloudflare's ownership TXT record", async () => {
    const salon = await business();
    const token = await at(salon);
    const domain = newDomain();
    const res = await saveDomain(token, `  ${domain.toUpperCase()}. `, T0);
    expect(res.status).toBe(200);

    const [create] = await createsOf(domain);
    expect(create.headers.authorization).toBe(`Bearer ${CF_TOKEN}`);
    expect(JSON.parse(create.body)).toEqual({ hostname: domain, ssl: { method: "http", type: "dv" } });
    const row = await tenantRow(salon.id);
    expect(row).toMatchObject({
      customDomain: domain,
      customDomainStatus: "pending",
      customDomainClaimedAt: T0,
      customDomainCheckedAt: T0,
    });
    expect(row.customHostnameId).toMatch(/^[0-9a-f-]{36}$/);

    const ownership = row.customDomainRecords?.find((r) => r.name === `_cf-custom-hostname.${domain}`);
    expect(ownership?.value).toMatch(/^[0-9a-f-]{36}$/);
    const status = {
      hostname: domain,
      status: "pending",
      sslStatus: "initializing",
      dnsRecords: [
        { type: "CNAME", name: domain, value: TARGET },
        { type: "TXT", name: `_cf-custom-hostname.${domain}`, value: ownership?.value },
      ],
      checkedAt: T0,
    };
    expect(res.body.data).toMatchObject({ customDomain: domain, customDomainStatus: status });
    // The same on every read of the business: the API and the app's settings view.
    expect((await cf("GET", "/api/businesses/me", { token, now: T0 })).body.data.customDomainStatus).toEqual(status);
    expect((await cf("GET", "/api/businesses/me/views/settings", { token, now: T0 })).body.data.settings.customDomainStatus).toEqual(
      status,
    );
  });

  it("saving the same domain again asks Cloudflare nothing", async () => {
    const salon = await business();
    const token = await at(salon);
    const domain = newDomain();
    await saveDomain(token, domain, T0);
    const again = await saveDomain(token, domain, T0, { city: "Leeds" });
    expect(again.status).toBe(200);
    expect(again.body.data.city).toBe("Leeds");
    expect(await createsOf(domain)).toHaveLength(1);
  });

  it("is for owners and admins; staff get 403 and change nothing", async () => {
    const salon = await business();
    const staff = await createMember(salon.id, "staff");
    const res = await saveDomain(staff.token, newDomain());
    expect(res.status).toBe(403);
    expect((await checkNow(staff.token)).status).toBe(403);
    expect((await tenantRow(salon.id)).customDomain).toBeNull();
  });
});

describe("who may hold a domain", () => {
  it("another business's active domain is 409 domain_taken and nothing is created at Cloudflare", async () => {
    const domain = newDomain();
    await business({ customDomain: domain, customDomainStatus: "active", customHostnameId: crypto.randomUUID() });
    const claimant = await business();
    const res = await saveDomain(await at(claimant), domain, T0, { city: "Bath" });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("domain_taken");
    expect(await createsOf(domain)).toHaveLength(0);
    expect(await tenantRow(claimant.id)).toMatchObject({ customDomain: null, city: "" });
  });

  it("a newer claim of a domain still pending replaces the older one, whose hostname is deleted (a new ownership record is issued)", async () => {
    const domain = newDomain();
    const first = await business();
    await saveDomain(await at(first), domain, T0);
    const older = await tenantRow(first.id);
    const second = await business();
    const res = await saveDomain(await at(second), domain, T0);
    expect(res.status).toBe(200);
    expect(res.body.data.customDomainStatus.status).toBe("pending");

    // Cloudflare holds a hostname once per zone: the older one was deleted before the new one was made.
    expect(await deletesOf(older.customHostnameId ?? "")).toHaveLength(1);
    expect(await createsOf(domain)).toHaveLength(3);
    const newer = await tenantRow(second.id);
    expect(newer.customHostnameId).not.toBe(older.customHostnameId);
    expect(newer.customDomainRecords).not.toEqual(older.customDomainRecords);
    expect(await tenantRow(first.id)).toMatchObject({ customDomain: null, customDomainStatus: null, customHostnameId: null });
    // And the outbox still holds its delete (already done at Cloudflare, so it will find it gone).
    expect((await jobsOf(first.id)).map((j) => j.payload)).toEqual([{ hostnameId: older.customHostnameId, hostname: domain }]);
  });

  it("a hostname live at Cloudflare for another business's claim is taken even before our cron saw it go live", async () => {
    const domain = newDomain();
    const first = await business();
    await saveDomain(await at(first), domain, T0);
    const { customHostnameId: id } = await tenantRow(first.id);
    await scriptListLive(id ?? "", domain);
    const res = await saveDomain(await at(await business()), domain, T0);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("domain_taken");
    expect(await deletesOf(id ?? "")).toHaveLength(0);
    expect((await tenantRow(first.id)).customDomain).toBe(domain);
  });
});

/** Cloudflare's list answer for the hostname: the first claimant's object, live. */
async function scriptListLive(id: string, domain: string) {
  const live = hostnameAnswer(id, domain, { status: "active", sslStatus: "active" });
  await script({ pathPrefix: `${HOSTNAMES}?hostname=${encodeURIComponent(domain)}`, method: "GET" }, [
    { status: 200, body: { ...(live.body as object), result: [(live.body as { result: unknown }).result] } },
  ]);
}

describe("a custom domain's Host", () => {
  it("answers 404 'being set up' while pending, serves the business once active, and 503 when suspended whatever the state", async () => {
    const salon = await business();
    const token = await at(salon);
    const domain = newDomain();
    await saveDomain(token, domain, T0);
    const pending = await cf("GET", "/", { host: domain });
    expect(pending.status).toBe(404);
    expect(pending.text).toContain("This address is being set up");
    expect(pending.text).not.toContain(`Salon`);

    const { customHostnameId: id } = await tenantRow(salon.id);
    await scriptRead(id ?? "", [hostnameAnswer(id ?? "", domain, { status: "active", sslStatus: "active" })]);
    expect((await checkNow(token, T0)).body.data.status).toBe("active");
    const live = await cf("GET", "/", { host: domain });
    expect(live.status).toBe(200);
    expect(live.text).toContain((await tenantRow(salon.id)).businessName);

    const suspended = await business({ customDomain: newDomain(), customDomainStatus: "pending", isSuspended: true });
    const row = await tenantRow(suspended.id);
    expect((await cf("GET", "/", { host: row.customDomain ?? "" })).status).toBe(503);
  });

  it("without CF_API_TOKEN a saved domain is active at once, as before, and Cloudflare is never asked", async () => {
    const salon = await business();
    const domain = newDomain();
    const res = await patch("/api/businesses/me", { customDomain: domain }, { token: salon.token });
    expect(res.status).toBe(200);
    expect(res.body.data.customDomainStatus).toEqual({
      hostname: domain,
      status: "active",
      sslStatus: null,
      dnsRecords: [{ type: "CNAME", name: domain, value: TARGET }],
      checkedAt: null,
    });
    expect(await captured({ pathPrefix: HOSTNAMES, bodyContains: domain })).toHaveLength(0);
    expect((await get("/", { host: domain })).status).toBe(200);
  });
});
