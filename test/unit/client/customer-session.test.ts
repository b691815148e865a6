import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CustomerLoginResult } from "../../../src/client/shared/api-types";
import { CUSTOMER_SESSION_KEY, dropSession, heldSession, keepSession } from "../../../src/client/shared/customer-session";
import { signToken } from "../../../src/lib/jwt";

// Issue #43 item 1: the customer's sign-in on the public pages is kept for the tab (sessionStorage)
// and ends after the token's lifetime measured on the browser's own clock from when it arrived
// (issue #34 item 11), never by `exp` against the browser's wall time.
const SECRET = "unit-secret-unit-secret-unit-secret-0123456789";
const SERVER_NOW = Date.parse("2031-05-06T12:00:00.000Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

let storage: MemoryStorage;
const g = globalThis as { window?: unknown };

async function signedIn(): Promise<CustomerLoginResult> {
  const { token } = await signToken(SECRET, { sub: "cus_1", sid: "ses_1", aud: "customer" }, 86400, new Date(SERVER_NOW));
  return { token, sessionId: "ses_1", customer: { firstName: "Cass", email: "cass@example.test" } } as CustomerLoginResult;
}

beforeEach(() => {
  storage = new MemoryStorage();
  g.window = { sessionStorage: storage };
});
afterEach(() => {
  dropSession();
  delete g.window;
});

describe.each([
  ["a day ahead", DAY],
  ["a day behind", -DAY],
])("a browser whose clock is %s of the server's", (_, skew) => {
  const received = SERVER_NOW + skew;

  it("keeps the session in this tab for the token's 24 hours from its receipt, then drops it", async () => {
    keepSession(await signedIn(), received);
    expect(JSON.parse(storage.getItem(CUSTOMER_SESSION_KEY) ?? "null")).toMatchObject({ receivedAt: received, firstName: "Cass" });
    expect(heldSession(received + 23 * HOUR)?.email).toBe("cass@example.test");
    expect(heldSession(received + DAY + 1)).toBeNull();
    expect(storage.getItem(CUSTOMER_SESSION_KEY)).toBeNull();
  });
});

describe("the customer's session in the tab", () => {
  it("is left to the server when this clock was set back since the token arrived", async () => {
    const received = SERVER_NOW;
    keepSession(await signedIn(), received);
    expect(heldSession(received - HOUR)?.firstName).toBe("Cass");
  });

  it("is none when the stored value is not a session", () => {
    storage.setItem(CUSTOMER_SESSION_KEY, "{not json");
    expect(heldSession(SERVER_NOW)).toBeNull();
    storage.setItem(CUSTOMER_SESSION_KEY, JSON.stringify({ token: 42 }));
    expect(heldSession(SERVER_NOW)).toBeNull();
  });

  it("lasts for the page view when the browser refuses storage", async () => {
    g.window = {
      get sessionStorage(): Storage {
        throw new Error("SecurityError");
      },
    };
    keepSession(await signedIn(), SERVER_NOW);
    expect(heldSession(SERVER_NOW + HOUR)?.firstName).toBe("Cass");
    dropSession();
    expect(heldSession(SERVER_NOW + HOUR)).toBeNull();
  });
});
