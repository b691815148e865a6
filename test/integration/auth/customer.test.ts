import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomerAccount, FACTORY_PASSWORD } from "../../helpers/factories";
import { claimsOf, email } from "./support";

const PROFILE_KEYS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "phone",
  "defaultTimezone",
  "emailVerified",
  "marketingOptIn",
  "createdAt",
  "lastLoginAt",
];

describe("POST /api/customer-auth/register", () => {
  it("creates the account and signs the customer in (201, customer login result)", async () => {
    const address = email("Cass").replace("cass", "CASS");
    const now = "2031-02-03T04:05:06.000Z";
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      post(
        "/api/customer-auth/register",
        {
          email: address,
          password: "long enough",
          firstName: "Cass",
          lastName: "Kim",
          phone: "+1 555 0100",
          defaultTimezone: "europe/berlin",
          marketingOptIn: true,
        },
        { now, dbTag },
      ),
    );
    expect(res.status).toBe(201);
    expect(dbRequests).toBe(1);
    expect(res.body).toEqual({
      data: {
        token: expect.any(String),
        sessionId: expect.any(String),
        customer: {
          id: expect.any(String),
          email: address.toLowerCase(),
          firstName: "Cass",
          lastName: "Kim",
          phone: "+1 555 0100",
          defaultTimezone: "Europe/Berlin",
          emailVerified: false,
          marketingOptIn: true,
          createdAt: now,
          lastLoginAt: now,
        },
      },
    });
    const claims = claimsOf(res.body.data.token);
    expect(claims).toMatchObject({ sub: res.body.data.customer.id, sid: res.body.data.sessionId, aud: "customer" });
    expect(claims.tenantId).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(24 * 3600);
    const [session] = await testDb().select().from(schema.sessions).where(eq(schema.sessions.id, res.body.data.sessionId));
    expect(session).toMatchObject({ subjectType: "customer", subjectId: res.body.data.customer.id, expiresAt: "2031-03-05T04:05:06.000Z" });
  });

  it("defaults the optional fields", async () => {
    const res = await post("/api/customer-auth/register", { email: email("c"), password: "long enough", firstName: "Cass" });
    expect(res.status).toBe(201);
    expect(res.body.data.customer).toMatchObject({
      lastName: "",
      phone: "",
      defaultTimezone: "UTC",
      marketingOptIn: false,
      emailVerified: false,
    });
  });

  it("answers 409 email_taken for a registered e-mail in any case", async () => {
    const existing = await createCustomerAccount();
    const res = await post("/api/customer-auth/register", {
      email: existing.email.toUpperCase(),
      password: "long enough",
      firstName: "Again",
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("email_taken");
  });

  it("settles two simultaneous registrations of one e-mail with one 201 and one 409", async () => {
    const b = { email: email("race"), password: "long enough", firstName: "Race" };
    const results = await Promise.all([post("/api/customer-auth/register", b), post("/api/customer-auth/register", b)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await testDb().select().from(schema.customerAccounts).where(eq(schema.customerAccounts.email, b.email))).toHaveLength(1);
  });

  it.each([
    ["a short password", { password: "1234567" }, "password"],
    ["a malformed e-mail", { email: "cass@" }, "email"],
    ["a missing first name", { firstName: undefined }, "firstName"],
    ["a too long phone", { phone: "1".repeat(41) }, "phone"],
    ["an unknown time zone", { defaultTimezone: "Nowhere/Land" }, "defaultTimezone"],
    ["a non-boolean marketing flag", { marketingOptIn: "yes" }, "marketingOptIn"],
    ["an unknown field", { emailVerified: true }, "emailVerified"],
  ])("refuses %s with 400 invalid_request and creates nothing", async (_label, over, field) => {
    const b = { email: email("bad"), password: "long enough", firstName: "Cass", ...over };
    const res = await post("/api/customer-auth/register", b);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details.fieldErrors[field]).toBeDefined();
    if (typeof b.email === "string") {
      expect(await testDb().select().from(schema.customerAccounts).where(eq(schema.customerAccounts.email, b.email))).toEqual([]);
    }
  });
});

describe("POST /api/customer-auth/login", () => {
  it("returns the customer login result with lastLoginAt = this sign-in, in one read and one write", async () => {
    const c = await createCustomerAccount({ marketingOptIn: true });
    const now = "2031-07-01T12:00:00.000Z";
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/customer-auth/login", { email: c.email.toUpperCase(), password: FACTORY_PASSWORD }, { now, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(Object.keys(res.body.data)).toEqual(["token", "sessionId", "customer"]);
    expect(Object.keys(res.body.data.customer)).toEqual(PROFILE_KEYS);
    expect(res.body.data.customer).toMatchObject({ id: c.id, email: c.email, firstName: "Cass", marketingOptIn: true, lastLoginAt: now });
    expect(claimsOf(res.body.data.token)).toMatchObject({ sub: c.id, sid: res.body.data.sessionId, aud: "customer" });
    const [row] = await testDb().select().from(schema.customerAccounts).where(eq(schema.customerAccounts.id, c.id));
    expect(row.lastLoginAt).toBe(now);
    const me = await get("/api/me", { token: res.body.data.token });
    expect(me.body.data.lastLoginAt).toBe(now);
  });

  it.each([
    ["a wrong password", (e: string) => ({ email: e, password: "not-the-password" })],
    ["an unknown e-mail", () => ({ email: "nobody-at-all@example.test", password: FACTORY_PASSWORD })],
  ])("answers %s with 401 invalid_credentials", async (_label, make) => {
    const c = await createCustomerAccount();
    const res = await post("/api/customer-auth/login", make(c.email));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "invalid_credentials", message: expect.any(String) } });
  });

  it("does not sign an owner in with owner credentials (separate accounts)", async () => {
    const owner = await post("/api/auth/register", {
      email: email("o"),
      password: "long enough",
      firstName: "O",
      businessName: "Biz Name",
    });
    const res = await post("/api/customer-auth/login", { email: owner.body.data.user.email, password: "long enough" });
    expect(res.status).toBe(401);
  });
});
