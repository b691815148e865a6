import { describe, expect, it } from "vitest";
import { ConfigError, type Env, loadConfig, smsConfig } from "../../src/config";

const BASE = {
  JWT_SECRET: "unit-secret-unit-secret-unit-secret-0123456789",
  LIBSQL_URL: "http://127.0.0.1:8080",
};
/** Everything production asks for (design.md §18). */
const PRODUCTION = {
  ...BASE,
  ENVIRONMENT: "production",
  PUBLIC_BASE_URL: "https://book.example.com",
  UPSTASH_REDIS_REST_URL: "https://eu1-fine-cat.upstash.io",
  UPSTASH_REDIS_REST_TOKEN: "upstash-token",
  EMAIL_PROVIDER_URL: "https://api.resend.com/emails",
  EMAIL_API_KEY: "re_key",
};

// A fresh object per call: the config is cached per env object.
const load = (vars: Record<string, string | undefined>) => loadConfig({ ...vars } as unknown as Env);

function problems(vars: Record<string, string | undefined>): string[] {
  try {
    load(vars);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("production configuration rules (design.md §18)", () => {
  it("accepts a complete production configuration", () => {
    expect(problems(PRODUCTION)).toEqual([]);
    expect(load(PRODUCTION).ENVIRONMENT).toBe("production");
  });

  it("production is the default environment, so a bare configuration is held to its rules", () => {
    expect(problems(BASE).length).toBeGreaterThan(0);
  });

  it.each([
    ["without PUBLIC_BASE_URL", { PUBLIC_BASE_URL: undefined }, "PUBLIC_BASE_URL"],
    ["with an http PUBLIC_BASE_URL", { PUBLIC_BASE_URL: "http://book.example.com" }, "PUBLIC_BASE_URL"],
    ["without Upstash", { UPSTASH_REDIS_REST_URL: undefined, UPSTASH_REDIS_REST_TOKEN: undefined }, "UPSTASH_REDIS_REST_URL"],
    ["with half of Upstash", { UPSTASH_REDIS_REST_TOKEN: "" }, "UPSTASH_REDIS_REST_URL"],
    ["without an e-mail provider", { EMAIL_PROVIDER_URL: undefined }, "EMAIL_PROVIDER_URL"],
    ["with test hooks on", { TEST_HOOKS: "1" }, "TEST_HOOKS"],
    ["with the benchmark routes on", { BENCH_ROUTES: "1" }, "BENCH_ROUTES"],
    ["with a pinned test clock", { TEST_NOW: "2027-03-14T03:30:00Z" }, "TEST_NOW"],
  ])("refuses to serve %s, naming the setting", (_label, change, name) => {
    const found = problems({ ...PRODUCTION, ...change });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(name);
  });

  it("lets production keep the KV limiter only when RATE_LIMIT_STORE=kv says so on purpose", () => {
    const withoutUpstash = { ...PRODUCTION, UPSTASH_REDIS_REST_URL: undefined, UPSTASH_REDIS_REST_TOKEN: undefined };
    expect(problems({ ...withoutUpstash, RATE_LIMIT_STORE: "kv" })).toEqual([]);
    expect(problems({ ...withoutUpstash, RATE_LIMIT_STORE: "upstash" }).length).toBeGreaterThan(0);
    expect(problems({ ...PRODUCTION, RATE_LIMIT_STORE: "memory" }).join()).toContain("RATE_LIMIT_STORE");
  });

  it("names settings, never their values", () => {
    const found = problems({ ...PRODUCTION, TEST_HOOKS: "1", PUBLIC_BASE_URL: "http://secret-host.example" }).join(" ");
    expect(found).not.toContain("secret-host");
    expect(found).not.toContain(PRODUCTION.UPSTASH_REDIS_REST_TOKEN);
  });

  it("outside production the same gaps are allowed (local development and tests)", () => {
    expect(problems({ ...BASE, ENVIRONMENT: "development", TEST_HOOKS: "1" })).toEqual([]);
    expect(problems({ ...BASE, ENVIRONMENT: "test" })).toEqual([]);
    expect(problems({ ...BASE, ENVIRONMENT: "development", TEST_NOW: "2027-03-14T03:30:00Z" })).toEqual([]);
  });

  it("refuses a TEST_NOW that is not an ISO instant", () => {
    expect(problems({ ...BASE, ENVIRONMENT: "development", TEST_NOW: "tomorrow evening" })).toEqual(["TEST_NOW is missing or invalid"]);
  });
});

describe("PUBLIC_BASE_URL", () => {
  it.each([
    "not a url",
    "book.example.com",
    "/relative",
    "ftp://book.example.com",
    "https://book.example.com/?x=1",
    "https://user:pw@book.example.com",
  ])("is a configuration error when malformed (%s), in every environment", (value) => {
    expect(problems({ ...BASE, ENVIRONMENT: "development", PUBLIC_BASE_URL: value })).toEqual(["PUBLIC_BASE_URL is missing or invalid"]);
  });

  it("is stored without a trailing slash; an empty value means unset", () => {
    expect(load({ ...BASE, ENVIRONMENT: "test", PUBLIC_BASE_URL: "https://book.example.com/" }).PUBLIC_BASE_URL).toBe(
      "https://book.example.com",
    );
    expect(load({ ...BASE, ENVIRONMENT: "test", PUBLIC_BASE_URL: "https://example.com/booking/" }).PUBLIC_BASE_URL).toBe(
      "https://example.com/booking",
    );
    expect(load({ ...BASE, ENVIRONMENT: "test", PUBLIC_BASE_URL: "" }).PUBLIC_BASE_URL).toBeUndefined();
  });
});

describe("payment settings (design.md §21)", () => {
  const DEV = { ...BASE, ENVIRONMENT: "development" };

  it("default to a 15-minute hold and Stripe's own Stripe.js", () => {
    const c = load(DEV);
    expect(c.PAYMENT_HOLD_MINUTES).toBe(15);
    expect(c.STRIPE_JS_URL).toBe("https://js.stripe.com/v3/");
    expect(c.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
    expect(c.STRIPE_CONNECT_WEBHOOK_SECRET).toBeUndefined();
  });

  it("take a hold of 1 to 60 minutes and an absolute http(s) Stripe.js URL, naming what is wrong otherwise", () => {
    expect(load({ ...DEV, PAYMENT_HOLD_MINUTES: "60" }).PAYMENT_HOLD_MINUTES).toBe(60);
    expect(problems({ ...DEV, PAYMENT_HOLD_MINUTES: "0" })).toEqual(["PAYMENT_HOLD_MINUTES is missing or invalid"]);
    expect(problems({ ...DEV, PAYMENT_HOLD_MINUTES: "61" })).toEqual(["PAYMENT_HOLD_MINUTES is missing or invalid"]);
    expect(problems({ ...DEV, STRIPE_JS_URL: "/stripe.js" })).toEqual(["STRIPE_JS_URL is missing or invalid"]);
    expect(load({ ...DEV, STRIPE_JS_URL: "http://127.0.0.1:9999/stripe-js/v3/" }).STRIPE_JS_URL).toBe(
      "http://127.0.0.1:9999/stripe-js/v3/",
    );
  });
});

describe("text message settings (design.md §27)", () => {
  const DEV = { ...BASE, ENVIRONMENT: "development" };
  const TWILIO = { TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "tok", SMS_FROM: "+15005550006" };

  it("are off, and nothing else changes, while none is set", () => {
    expect(problems(DEV)).toEqual([]);
    expect(smsConfig(load(DEV))).toBeNull();
  });

  it("turn texts on with the account, its token and a sender; Twilio's API and a 10-minute status check by default", () => {
    expect(smsConfig(load({ ...DEV, ...TWILIO }))).toEqual({
      apiBase: "https://api.twilio.com",
      accountSid: "AC123",
      authToken: "tok",
      sender: { from: "+15005550006" },
    });
    expect(load({ ...DEV, ...TWILIO }).SMS_STATUS_CHECK_MINUTES).toBe(10);
    const service = { ...DEV, ...TWILIO, SMS_FROM: "", TWILIO_MESSAGING_SERVICE_SID: "MG1", SMS_API_BASE: "http://127.0.0.1:9/twilio/" };
    expect(smsConfig(load(service))).toMatchObject({ apiBase: "http://127.0.0.1:9/twilio", sender: { messagingServiceSid: "MG1" } });
  });

  it("refuse a half-made setup rather than send nothing silently", () => {
    expect(problems({ ...DEV, TWILIO_ACCOUNT_SID: "AC123" })).toEqual([
      "Text messages need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM (or TWILIO_MESSAGING_SERVICE_SID) together",
    ]);
    expect(problems({ ...DEV, ...TWILIO, SMS_FROM: "" })).toHaveLength(1);
    expect(problems({ ...DEV, ...TWILIO, SMS_STATUS_CHECK_MINUTES: "0" })).toEqual(["SMS_STATUS_CHECK_MINUTES is missing or invalid"]);
    expect(problems({ ...DEV, ...TWILIO, SMS_API_BASE: "api.twilio.com" })).toEqual(["SMS_API_BASE is missing or invalid"]);
  });
});
