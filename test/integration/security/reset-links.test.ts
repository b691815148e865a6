import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomerAccount, createTenant } from "../../helpers/factories";
import { fetchWithEnv, PRODUCTION_ENV } from "../../helpers/worker-fetch";
import { asSent } from "../../helpers/mail";
import { outboxRows } from "../../helpers/outbox";

async function linkSentTo(to: string) {
  const rows = await outboxRows(testDb(), to);
  expect(rows).toHaveLength(1);
  return /(\S+)\/reset-password\?token=/.exec((await asSent(rows[0])).text)![1];
}

const FORGED = { Host: "evil.example", "X-Forwarded-Host": "evil.example" };

/** "Forgot password" in production, sent to a tenant's own domain with forged Host headers. */
const forgotInProduction = (path: string, email: string) =>
  fetchWithEnv(PRODUCTION_ENV, "POST", path, { body: { email }, host: "tenant-owned-domain.example", headers: FORGED });

describe("reset links come from PUBLIC_BASE_URL only, never the request's Host (design.md §18)", () => {
  it("production: a customer's link uses PUBLIC_BASE_URL whatever Host the request names", async () => {
    const c = await createCustomerAccount();
    const res = await forgotInProduction("/api/customer-auth/forgot-password", c.email);
    expect(res.status).toBe(200);
    expect(await linkSentTo(c.email)).toBe("https://book.platform.example");
  });

  it("production: an owner's link likewise", async () => {
    const t = await createTenant();
    const res = await forgotInProduction("/api/auth/forgot-password", t.ownerEmail);
    expect(res.status).toBe(200);
    expect(await linkSentTo(t.ownerEmail)).toBe("https://book.platform.example");
  });

  it("without PUBLIC_BASE_URL (development/tests) the local address, still not the Host", async () => {
    const c = await createCustomerAccount();
    await post("/api/customer-auth/forgot-password", { email: c.email }, { host: "evil.example", headers: FORGED });
    expect(await linkSentTo(c.email)).toBe("http://127.0.0.1:8787");
  });
});
