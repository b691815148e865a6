import { describe, expect, it } from "vitest";
import { countDbRequests, get, post, randomIp } from "../../helpers/api";
import { bookableTenant, bookingBody, bookingRow } from "../../helpers/booking";

const NOW = "2027-05-03T12:00:00Z";
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

/** A code of the right shape that no booking has (a random one would almost never collide). */
function unknownCode() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return `BK-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => alphabet[b % 36]).join("")}`;
}

async function booked() {
  const setup = await bookableTenant();
  const res = await post(
    `/api/public/${setup.tenant.slug}/bookings`,
    bookingBody(setup.service.id, setup.staff.id, "2027-05-20T10:00:00"),
    {
      now: NOW,
    },
  );
  expect(res.status).toBe(201);
  return { ...setup, id: res.body.data.id as string, code: res.body.data.confirmationCode as string };
}

describe("failed confirmation-code lookups (rl:code-miss, design.md §18)", () => {
  it("after 10 unknown codes in an hour refuses the client's next code request with 429 and Retry-After, even for a real code", async () => {
    const b = await booked();
    const ip = randomIp();
    // Spread over 50 minutes so the public group's 30/60 s limit plays no part.
    for (let i = 0; i < 10; i++) {
      const res = await get(`/api/public/booking/${unknownCode()}`, { ip, now: at(i * 5) });
      expect(res.status).toBe(404);
    }
    const refused = await get(`/api/public/booking/${b.code}`, { ip, now: at(50) });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
    // The oldest miss (minute 0) leaves the hour at minute 60: 10 minutes from minute 50.
    expect(refused.headers.get("Retry-After")).toBe("600");
    // Another client is not affected, and the same client is let in again once the oldest miss left the window.
    expect((await get(`/api/public/booking/${b.code}`, { now: at(50) })).status).toBe(200);
    expect((await get(`/api/public/booking/${b.code}`, { ip, now: at(60) })).status).toBe(200);
  });

  it("refuses before the handler: a cancel over the budget changes nothing", async () => {
    const b = await booked();
    const ip = randomIp();
    for (let i = 0; i < 10; i++) await post(`/api/public/booking/${unknownCode()}/cancel`, {}, { ip, now: at(i * 5) });
    const refused = await post(`/api/public/booking/${b.code}/cancel`, { reason: "x" }, { ip, now: at(51) });
    expect(refused.status).toBe(429);
    expect((await bookingRow(b.id)).status).toBe("confirmed");
  });

  it("counts misses on lookup, reschedule and cancel in one budget, malformed codes included", async () => {
    const b = await booked();
    const ip = randomIp();
    const misses = [
      () => get(`/api/public/booking/${unknownCode()}`, { ip, now: at(1) }),
      () => get("/api/public/booking/not-a-code", { ip, now: at(2) }),
      () => post(`/api/public/booking/${unknownCode()}/reschedule`, { newStartDatetime: "2027-05-21T10:00:00" }, { ip, now: at(3) }),
      () => post(`/api/public/booking/${unknownCode()}/cancel`, {}, { ip, now: at(4) }),
    ];
    for (let i = 0; i < 10; i++) expect((await misses[i % 4]()).status).toBe(404);
    expect((await get(`/api/public/booking/${b.code}`, { ip, now: at(20) })).status).toBe(429);
  });

  it("a found code costs nothing: 20 lookups of a real booking leave the whole budget of misses", async () => {
    const b = await booked();
    const ip = randomIp();
    for (let i = 0; i < 20; i++) expect((await get(`/api/public/booking/${b.code}`, { ip, now: at(i * 2) })).status).toBe(200);
    // A found code whose reschedule is refused for another reason (unknown staff member: 404) is not a miss either.
    for (let i = 0; i < 3; i++) {
      const res = await post(
        `/api/public/booking/${b.code}/reschedule`,
        { newStartDatetime: "2027-05-21T10:00:00", staffProfileId: "stf_nobody" },
        { ip, now: at(41 + i) },
      );
      expect(res.status).toBe(404);
    }
    for (let i = 0; i < 10; i++) expect((await get(`/api/public/booking/${unknownCode()}`, { ip, now: at(45 + i) })).status).toBe(404);
    expect((await get(`/api/public/booking/${b.code}`, { ip, now: at(56) })).status).toBe(429);
  });

  it("a miss costs the database path no extra round trip", async () => {
    const ip = randomIp();
    const wellFormed = await countDbRequests((dbTag) => get(`/api/public/booking/${unknownCode()}`, { ip, dbTag, now: NOW }));
    expect(wellFormed.result.status).toBe(404);
    expect(wellFormed.dbRequests).toBe(1);
    const malformed = await countDbRequests((dbTag) => get("/api/public/booking/nope", { ip, dbTag, now: NOW }));
    expect(malformed.result.status).toBe(404);
    expect(malformed.dbRequests).toBe(0);
  });
});
