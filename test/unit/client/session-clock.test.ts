import { describe, expect, it } from "vitest";
import { authFrom, type OwnerSession, sessionFromLogin } from "../../../src/client/app/shell/session";
import { usableSession } from "../../../src/client/console/session";
import type { OwnerLoginResult } from "../../../src/client/shared/api-types";
import type { ImpersonationHandOff } from "../../../src/client/shared/impersonation";
import { refreshDelayMs, tokenTimeLeft, tokenUsable } from "../../../src/client/shared/token";
import { signToken } from "../../../src/lib/jwt";

// Issue #34 item 11: a session is measured on the browser's own clock from when the token arrived
// (the lifetime the server gave it, exp - iat), never by `exp` against the browser's wall time, so a
// computer whose clock is a day off either way keeps its session.
const SECRET = "unit-secret-unit-secret-unit-secret-0123456789";
const SERVER_NOW = Date.parse("2031-05-06T12:00:00.000Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SKEWS = [
  ["a day ahead", DAY],
  ["a day behind", -DAY],
] as const;

async function token(ttlSeconds: number, claims: Record<string, unknown> = {}) {
  return (
    await signToken(SECRET, { sub: "usr_1", sid: "ses_1", tenantId: "tnt_1", role: "owner", ...claims }, ttlSeconds, new Date(SERVER_NOW))
  ).token;
}

async function ownerSignIn(receivedAt: number, ttlSeconds = 86400): Promise<OwnerSession> {
  const result = {
    token: await token(ttlSeconds),
    user: { id: "usr_1", email: "olive@example.test", firstName: "Olive", lastName: "Owner", role: "customer" },
    memberships: [{ tenantId: "tnt_1", role: "owner", slug: "salon", businessName: "Salon" }],
  } as unknown as OwnerLoginResult;
  return sessionFromLogin(result, receivedAt);
}

describe.each(SKEWS)("a browser whose clock is %s of the server's", (_, skew) => {
  const browserNow = SERVER_NOW + skew;

  it("keeps the owner's session for the token's 24 hours from its receipt, then counts it as ended", async () => {
    const session = await ownerSignIn(browserNow);
    expect(authFrom(null, session, browserNow)?.kind).toBe("owner");
    expect(authFrom(null, session, browserNow + 23 * HOUR + 59 * MINUTE)?.kind).toBe("owner");
    expect(tokenTimeLeft(session, browserNow + 23 * HOUR)).toBe(HOUR);
    expect(authFrom(null, session, browserNow + DAY + 1000)).toBeNull();
  });

  it("refreshes the token 12 hours before its end on the browser's clock, not at once and not never", async () => {
    const session = await ownerSignIn(browserNow);
    expect(refreshDelayMs(session, 12 * HOUR, browserNow)).toBe(12 * HOUR);
    expect(refreshDelayMs(session, 12 * HOUR, browserNow + 13 * HOUR)).toBe(0);
    // A token given for one hour has less than 12 left from the start: refreshed at once.
    expect(refreshDelayMs(await ownerSignIn(browserNow, 3600), 12 * HOUR, browserNow)).toBe(0);
  });

  it("runs an operator's impersonation for its hour from the console's receipt, then ends it", async () => {
    const imp = {
      token: await token(3600, { imp: { adminId: "adm_1", sessionId: "imp_1" }, ro: true }),
      sessionId: "imp_1",
      expiresAt: new Date(SERVER_NOW + HOUR).toISOString(),
      tenantId: "tnt_1",
      businessName: "Salon",
      reason: "Ticket 1",
      operator: "Ops",
      receivedAt: browserNow,
    } satisfies ImpersonationHandOff;
    const owner = await ownerSignIn(browserNow);
    expect(authFrom(imp, owner, browserNow + 59 * MINUTE)?.kind).toBe("impersonation");
    expect(tokenTimeLeft(imp, browserNow + 59 * MINUTE)).toBe(MINUTE);
    // The impersonation has ended: nothing acts in this tab (not the owner's session either).
    expect(authFrom(imp, owner, browserNow + HOUR + 1000)).toBeNull();
  });

  it("keeps the operator console's session for the token's 4 hours from its receipt", async () => {
    const s = { token: await token(4 * 3600, { aud: "super_admin" }), admin: null, receivedAt: browserNow };
    expect(usableSession(s, browserNow + 3 * HOUR)).toBe(s);
    expect(usableSession(s, browserNow + 4 * HOUR + 1000)).toBeNull();
  });
});

describe("when the time left cannot be told", () => {
  it("lets the server decide about a session stored without its receipt time, and refreshes it at once", async () => {
    const { receivedAt: _, ...stored } = await ownerSignIn(SERVER_NOW);
    for (const browserNow of [SERVER_NOW - DAY, SERVER_NOW + 3 * DAY]) {
      expect(authFrom(null, stored, browserNow)?.kind).toBe("owner");
      expect(refreshDelayMs(stored, 12 * HOUR, browserNow)).toBe(0);
    }
  });

  it("treats a clock set back since the receipt, or a receipt time that is no number, as unknown", async () => {
    const session = await ownerSignIn(SERVER_NOW);
    expect(tokenTimeLeft(session, SERVER_NOW - HOUR)).toBeNull();
    expect(tokenUsable(session, SERVER_NOW - HOUR)).toBe(true);
    expect(refreshDelayMs(session, 12 * HOUR, SERVER_NOW - HOUR)).toBe(0);
    const odd = { ...session, receivedAt: "yesterday" as unknown as number };
    expect(tokenTimeLeft(odd, SERVER_NOW)).toBeNull();
  });

  it("never uses a token whose lifetime it cannot read", () => {
    for (const t of ["", "not-a-token", "a.b.c", `x.${btoa('{"exp":2000000000}')}.y`]) {
      expect(tokenUsable({ token: t, receivedAt: SERVER_NOW }, SERVER_NOW)).toBe(false);
      expect(
        authFrom(null, { token: t, receivedAt: SERVER_NOW, user: {} as OwnerSession["user"], memberships: [], tenantId: null }),
      ).toBeNull();
    }
  });
});
