import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { createTenant } from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";

// Issue #21: the booking page shows its Ask panel only when the assistant can answer, decided
// while rendering (no extra request, no extra round trip). The workers pool has a model configured
// (the capture server); `x-test-ai: off` (TEST_HOOKS) is the stack without one.

async function business(overrides: Parameters<typeof createTenant>[0] = {}) {
  const { tenant } = await bookableTenant({ tenant: overrides, service: { durationMinutes: 30, price: 2500 } });
  return tenant;
}

const panel = (html: string) => html.includes('id="ask"');

describe("GET /book?slug= and the Ask panel", () => {
  it("renders the panel when a model is configured, in the same single round trip", async () => {
    const tenant = await business();
    const { result, dbRequests } = await countDbRequests((dbTag) => get(`/book?slug=${tenant.slug}`, { dbTag }));
    expect(result.status).toBe(200);
    expect(panel(result.text)).toBe(true);
    expect(result.text).toContain('<label for="ask-input">Your request</label>');
    expect(result.text).toMatch(/<textarea id="ask-input"[^>]*maxlength="2000"/);
    expect(dbRequests).toBe(1);
  });

  it("leaves it out without a model, when the business turned the assistant off, or with nothing to book", async () => {
    const tenant = await business();
    const noModel = await get(`/book?slug=${tenant.slug}`, { headers: { "x-test-ai": "off" } });
    expect(noModel.status).toBe(200);
    expect(panel(noModel.text)).toBe(false);
    expect(noModel.text).toContain('id="booking-form"');

    const off = await business({ aiAssistantEnabled: false });
    expect(panel((await get(`/book?slug=${off.slug}`)).text)).toBe(false);

    const empty = await createTenant();
    expect(panel((await get(`/book?slug=${empty.slug}`)).text)).toBe(false);
  });
});
