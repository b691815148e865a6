import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDb } from "../../helpers/db";
import { createBookingRow, createService, createStaff, createTenant, ownerToken, uniq } from "../../helpers/factories";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { script, workerEnv } from "../../helpers/worker-entry";
import { answer, ask, bookableBusiness, modelRequests, NOW, scriptModel } from "../ai/support";

// design.md §31 / issue #33 (low): the AI and code-miss budgets failed open when the limiter store
// was slow or down (unlimited model calls, unlimited code guessing), and a business had no daily AI
// budget at all.

/** The capture server stands in for Upstash and answers 503 to everything: the store is down. */
async function downStore() {
  const path = `/upstash-down-${uniq()}`;
  await script(
    { pathPrefix: path },
    Array.from({ length: 10 }, () => ({ status: 503, body: { error: "unavailable" } })),
  );
  return { UPSTASH_REDIS_REST_URL: `${workerEnv.CAPTURE_URL}${path}`, UPSTASH_REDIS_REST_TOKEN: "upstash-secret-token-for-test" };
}

const unknownCode = () =>
  `BK-${uniq()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 6)
    .padEnd(6, "Z")}`;

async function statusOf(id: string) {
  const [row] = await testDb().all<{ status: string }>(sql`SELECT status FROM bookings WHERE id = ${id}`);
  return row.status;
}

afterEach(() => vi.restoreAllMocks());

describe("limiter store down (design.md §31)", () => {
  it("the AI groups answer 503 rate_limit_unavailable and call no model", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { tenant } = await bookableBusiness();
    await scriptModel(tenant.slug, [answer({ reply: "never asked", suggestions: null })]);
    const down = await downStore();
    const headers = { "x-test-now": NOW };
    const pub = await fetchWithEnv(down, "POST", `/api/ai-public/${tenant.slug}/chat`, { body: ask("Hi"), headers });
    const own = await fetchWithEnv(down, "POST", "/api/ai/chat", {
      body: ask("Hi"),
      headers,
      token: await ownerToken(tenant.ownerId, tenant.id, "owner", new Date(NOW)),
    });
    for (const res of [pub, own]) {
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("rate_limit_unavailable");
      expect(res.headers.get("Retry-After")).toBe("60");
    }
    expect(await modelRequests(tenant.slug)).toHaveLength(0);
  });

  it("an unknown confirmation code answers 503 (its miss cannot be counted); a real code still cancels; public reads still serve", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const tenant = await createTenant();
    const service = await createService(tenant.id);
    const staff = await createStaff(tenant.id);
    const booking = await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-05-20T14:00:00Z"), 60);
    const down = await downStore();

    // The abuse path: guessing codes while the budget cannot be kept gets no 404s to learn from.
    for (const path of [`/api/public/booking/${unknownCode()}`, `/api/public/booking/${unknownCode()}/cancel`]) {
      const res = await fetchWithEnv(down, path.endsWith("cancel") ? "POST" : "GET", path, path.endsWith("cancel") ? { body: {} } : {});
      expect(res.status, path).toBe(503);
      expect(res.body.error.code).toBe("rate_limit_unavailable");
    }
    // The customer holding the real code can still cancel.
    const cancel = await fetchWithEnv(down, "POST", `/api/public/booking/${booking.confirmationCode}/cancel`, { body: {} });
    expect(cancel.status).toBe(200);
    expect(await statusOf(booking.id)).toBe("cancelled");
    // The public group itself keeps failing open.
    expect((await fetchWithEnv(down, "GET", `/api/public/${tenant.slug}`)).status).toBe(200);
  });
});

describe("each business's daily AI budget (design.md §31)", () => {
  it("past AI_DAILY_REQUESTS_PER_TENANT the assistants answer 429 rate_limited until the next UTC day, without calling the model", async () => {
    const { tenant } = await bookableBusiness();
    const budget = { AI_DAILY_REQUESTS_PER_TENANT: "2,1" };
    const headers = { "x-test-now": NOW }; // 2031-03-03T17:00Z: 7 hours to the next UTC day
    await scriptModel(tenant.slug, [
      answer({ reply: "one", suggestions: null }),
      answer({ reply: "two", suggestions: null }),
      answer("owner one"),
    ]);
    for (const reply of ["one", "two"]) {
      const res = await fetchWithEnv(budget, "POST", `/api/ai-public/${tenant.slug}/chat`, { body: ask("Hi"), headers });
      expect(res.status).toBe(200);
      expect(res.body.data.reply).toBe(reply);
    }
    const spent = await fetchWithEnv(budget, "POST", `/api/ai-public/${tenant.slug}/chat`, { body: ask("Hi"), headers });
    expect(spent.status).toBe(429);
    expect(spent.body).toEqual({ error: "rate_limited" });
    expect(spent.headers.get("Retry-After")).toBe(String(7 * 3600));
    expect(await modelRequests(tenant.slug)).toHaveLength(2);

    // The owner's budget is counted apart: one request, then 429.
    const token = await ownerToken(tenant.ownerId, tenant.id, "owner", new Date(NOW));
    const own = await fetchWithEnv(budget, "POST", "/api/ai/chat", { body: ask("Hi"), headers, token });
    expect(own.status).toBe(200);
    const ownSpent = await fetchWithEnv(budget, "POST", "/api/ai/chat", { body: ask("Hi"), headers, token });
    expect(ownSpent.status).toBe(429);
    expect(ownSpent.body).toEqual({ error: "rate_limited" });

    // The next UTC day the business has its budget again.
    await scriptModel(tenant.slug, [answer({ reply: "new day", suggestions: null })]);
    const tomorrow = await fetchWithEnv(budget, "POST", `/api/ai-public/${tenant.slug}/chat`, {
      body: ask("Hi"),
      headers: { "x-test-now": "2031-03-04T00:00:01Z" },
    });
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.body.data.reply).toBe("new day");
  });
});
