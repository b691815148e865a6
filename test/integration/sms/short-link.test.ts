import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, randomIp } from "../../helpers/api";
import { bookableTenant, bookingBody } from "../../helpers/booking";
import { post } from "../../helpers/api";

const NOW = "2031-02-03T12:00:00Z";
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

function unknownCode() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return `BK-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => alphabet[b % 36]).join("")}`;
}

/** GET /b/<code> as a phone's browser opens it, without following the redirect. */
function open(code: string, ip: string, now: string) {
  return SELF.fetch(`http://localhost/b/${encodeURIComponent(code)}`, {
    redirect: "manual",
    headers: { "CF-Connecting-IP": ip, "x-test-now": now },
  });
}

describe("the short manage link /b/<code> (design.md §27)", () => {
  it("opens the booking page on that booking, whatever the code's case, and keeps no copy", async () => {
    const s = await bookableTenant();
    const made = await post(`/api/public/${s.tenant.slug}/bookings`, bookingBody(s.service.id, s.staff.id, "2031-02-20T10:00:00"), {
      now: NOW,
    });
    const code = made.body.data.confirmationCode as string;
    const res = await open(code.toLowerCase(), randomIp(), NOW);
    expect(res.status).toBe(302);
    // The booking page opens in the language the booking was made in (design.md §30).
    expect(res.headers.get("Location")).toBe(`/book?slug=${s.tenant.slug}&code=${code}&lang=en`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    // The page it opens looks the booking up by its code, as the e-mails' link does.
    const page = await SELF.fetch(`http://localhost/book?slug=${s.tenant.slug}&code=${code}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`data-code="${code}"`);
  });

  it("answers an unknown code with a plain 404 page and counts it in the code-miss budget, shared with the API", async () => {
    const s = await bookableTenant();
    const made = await post(`/api/public/${s.tenant.slug}/bookings`, bookingBody(s.service.id, s.staff.id, "2031-02-20T11:00:00"), {
      now: NOW,
    });
    const code = made.body.data.confirmationCode as string;
    const ip = randomIp();
    for (let i = 0; i < 9; i++) {
      const miss = await open(unknownCode(), ip, at(i * 5));
      expect(miss.status).toBe(404);
      expect(await miss.text()).toContain("Booking not found");
    }
    // Malformed codes are misses too; the tenth miss uses up the budget.
    expect((await open("not-a-code", ip, at(46))).status).toBe(404);
    const refused = await open(code, ip, at(50));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("600");
    // The API's code routes say the same to this client, and another client gets in.
    expect((await get(`/api/public/booking/${code}`, { ip, now: at(50) })).status).toBe(429);
    expect((await open(code, randomIp(), at(50))).status).toBe(302);
  });
});
