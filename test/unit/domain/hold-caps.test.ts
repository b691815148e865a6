import { describe, expect, it } from "vitest";
import { HOLD_CAPS, holdCapRetryAfter, type LiveHold } from "../../../src/domain/hold-caps";

const NOW = Date.parse("2031-05-01T12:00:00Z");
const hold = (minutesLeft: number, emailKey: string | null, network: string | null): LiveHold => ({
  endsAt: NOW + minutesLeft * 60_000,
  emailKey,
  network,
});

describe("hold caps (design.md §31)", () => {
  it("allow up to 3 holds per e-mail, then say when the oldest of them ends", () => {
    const two = [hold(5, "a@x", "10.0.0.1"), hold(9, "a@x", "10.0.0.2")];
    expect(holdCapRetryAfter(two, { emailKey: "a@x", network: "10.0.0.9" }, NOW)).toBeNull();
    const three = [...two, hold(12, "a@x", "10.0.0.3")];
    expect(holdCapRetryAfter(three, { emailKey: "a@x", network: "10.0.0.9" }, NOW)).toBe(300);
    expect(holdCapRetryAfter(three, { emailKey: "b@x", network: "10.0.0.9" }, NOW)).toBeNull();
  });

  it("count per client network (an IPv6 /64 is one network), whatever the e-mails", () => {
    const net = "2001:db8:1:2::/64";
    const holds = [hold(3, "a@x", net), hold(7, "b@x", net), hold(14, "c@x", net)];
    expect(holdCapRetryAfter(holds, { emailKey: "d@x", network: net }, NOW)).toBe(180);
    expect(holdCapRetryAfter(holds, { emailKey: "d@x", network: "2001:db8:9::/64" }, NOW)).toBeNull();
  });

  it("cap the business at 50 holds in all", () => {
    const holds = Array.from({ length: HOLD_CAPS.perBusiness }, (_, i) => hold(1 + i, `c${i}@x`, `10.0.${i}.1`));
    expect(holdCapRetryAfter(holds, { emailKey: "new@x", network: "10.9.9.9" }, NOW)).toBe(60);
    expect(holdCapRetryAfter(holds.slice(1), { emailKey: "new@x", network: "10.9.9.9" }, NOW)).toBeNull();
  });

  it("ignore holds that have ended, and wait for every full cap to free a place", () => {
    const holds = [hold(-1, "a@x", "n"), hold(2, "a@x", "n"), hold(4, "a@x", "n"), hold(6, "b@x", "n")];
    // Live: a@x twice (not full), network n three times (full: the oldest ends in 2 min).
    expect(holdCapRetryAfter(holds, { emailKey: "a@x", network: "n" }, NOW)).toBe(120);
    const both = [hold(2, "a@x", "m"), hold(4, "a@x", "n"), hold(6, "a@x", "n"), hold(9, "b@x", "n")];
    // E-mail full (frees at 2 min) and network full (frees at 4 min): 4 min.
    expect(holdCapRetryAfter(both, { emailKey: "a@x", network: "n" }, NOW)).toBe(240);
  });
});
