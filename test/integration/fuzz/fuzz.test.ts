import fc from "fast-check";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../src/app";
import { runBatch, schema } from "../../../src/db/client";
import { ApiError, type ErrorCode, errorBody } from "../../../src/errors";
import { type ApiResponse, call } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createCustomerAccount,
  createMember,
  createResource,
  createService,
  createStaff,
  createTenant,
} from "../../helpers/factories";
import {
  acceptHeader,
  bodyFor,
  contentTypeHeader,
  encodeAny,
  fuzzSeed,
  malformedAuthorization,
  nastyString,
  queryFor,
} from "../../helpers/fuzz";
import { type Auth, ROUTES, type Route } from "./routes";

// Issue 24.4: a seeded fuzz of the whole API through the Worker. Every answer is < 500 and, when
// an error, in a contract envelope; a protected route never answers 2xx without its token; a
// refused request changes none of the test business's rows. Replay a run with FUZZ_SEED=<seed>.

const REQUESTS = 2_000;

type Fixture = Awaited<ReturnType<typeof fixture>>;

async function fixture() {
  const tenant = await createTenant();
  const service = await createService(tenant.id, { name: "Fuzz base" });
  const second = await createService(tenant.id, { name: "Fuzz second", resourceTypes: ["room"] });
  const resource = await createResource(tenant.id, { name: "Room 1", type: "room" });
  const staff = await createStaff(tenant.id);
  const member = await createMember(tenant.id, "staff");
  const customer = await createCustomer(tenant.id);
  const booking = await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-03-11T15:00:00Z"), 30, {
    customerId: customer.id,
  });
  const account = await createCustomerAccount();
  const admin = await createAdmin();
  const values: Record<string, string> = {
    slug: tenant.slug,
    tenantId: tenant.id,
    serviceId: service.id,
    secondServiceId: second.id,
    resourceId: resource.id,
    staffId: staff.id,
    bookingId: booking.id,
    customerId: customer.id,
    memberUserId: member.userId,
    code: booking.confirmationCode,
    id: booking.id,
    date: "2031-04-01",
  };
  const tokens: Record<Exclude<Auth, "none" | "signature">, string> = { owner: tenant.token, customer: account.token, admin: admin.token };
  return { tenant, member, account, admin, values, tokens };
}

/** The test business's rows, and the fixture's own sessions and accounts. */
async function snapshot(f: Fixture) {
  const db = testDb();
  const t = f.tenant.id;
  const subjects = [f.tenant.ownerId, f.member.userId, f.account.id, f.admin.id];
  const queries = {
    tenant: db.select().from(schema.tenants).where(eq(schema.tenants.id, t)),
    services: db.select().from(schema.services).where(eq(schema.services.tenantId, t)),
    staff: db.select().from(schema.staffProfiles).where(eq(schema.staffProfiles.tenantId, t)),
    hours: db.select().from(schema.staffHours).where(eq(schema.staffHours.tenantId, t)),
    timeOff: db.select().from(schema.staffTimeOff).where(eq(schema.staffTimeOff.tenantId, t)),
    overrides: db.select().from(schema.staffDateOverrides).where(eq(schema.staffDateOverrides.tenantId, t)),
    closures: db.select().from(schema.businessClosures).where(eq(schema.businessClosures.tenantId, t)),
    bookings: db.select().from(schema.bookings).where(eq(schema.bookings.tenantId, t)),
    visits: db.select().from(schema.visits).where(eq(schema.visits.tenantId, t)),
    resources: db.select().from(schema.resources).where(eq(schema.resources.tenantId, t)),
    resourceTimeOff: db.select().from(schema.resourceTimeOff).where(eq(schema.resourceTimeOff.tenantId, t)),
    bookingResources: db.select().from(schema.bookingResources).where(eq(schema.bookingResources.tenantId, t)),
    customers: db.select().from(schema.customers).where(eq(schema.customers.tenantId, t)),
    members: db.select().from(schema.tenantMembers).where(eq(schema.tenantMembers.tenantId, t)),
    endpoints: db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.tenantId, t)),
    payments: db.select().from(schema.payments).where(eq(schema.payments.tenantId, t)),
    // Which e-mails exist, not their delivery state: the queue sends earlier ones meanwhile.
    outbox: db
      .select({ id: schema.emailOutbox.id, kind: schema.emailOutbox.kind, to: schema.emailOutbox.toEmail })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.tenantId, t)),
    audit: db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, t)),
    sessions: db.select().from(schema.sessions).where(inArray(schema.sessions.subjectId, subjects)),
    users: db.select().from(schema.users).where(inArray(schema.users.id, subjects)),
    accounts: db.select().from(schema.customerAccounts).where(eq(schema.customerAccounts.id, f.account.id)),
  };
  const rows = await runBatch(db, Object.values(queries));
  // One snapshot field per query, in the order written above.
  return Object.fromEntries(Object.keys(queries).map((name, n) => [name, rows[n] as unknown[]]));
}

/** The names of the snapshot's tables whose rows differ, each with its first differing row. */
function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  const rows = (k: string, of: Record<string, unknown[]>) => of[k].map((r) => JSON.stringify(r)).sort();
  return Object.keys(before)
    .filter((k) => JSON.stringify(rows(k, before)) !== JSON.stringify(rows(k, after)))
    .map((k) => {
      const a = rows(k, before);
      const b = rows(k, after);
      return `${k}: ${a.filter((r) => !b.includes(r))[0] ?? "(none removed)"} -> ${b.filter((r) => !a.includes(r))[0] ?? "(none added)"}`;
    });
}

type TokenKind = "right" | "none" | "garbage" | "other" | "malformed";

/** A valid token of another audience than the route's. */
function otherToken(f: Fixture, auth: Auth): string {
  if (auth === "owner") return f.tokens.customer;
  if (auth === "customer") return f.tokens.admin;
  return f.tokens.owner;
}

function requestFor(f: Fixture) {
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, name: string) => f.values[name] ?? name);
  const param = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(f.values[name] ?? name) },
      { weight: 2, arbitrary: nastyString.map(encodeAny) },
      { weight: 1, arbitrary: fc.constantFrom("0", "x".repeat(300), "..", "%2F", "%00", "constructor", "__proto__") },
    );
  return fc.constantFrom(...ROUTES).chain((route) => {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const base = route.body ? (JSON.parse(fill(JSON.stringify(route.body))) as Record<string, unknown>) : undefined;
    const writes = route.method !== "GET";
    return fc.record({
      route: fc.constant(route),
      params: fc.tuple(...names.map(param)),
      query: fc.oneof({ weight: 1, arbitrary: fc.constant("") }, { weight: 2, arbitrary: queryFor(route.query ?? []) }),
      body: writes && (route.body || route.method !== "DELETE") ? fc.option(bodyFor(base), { freq: 8 }) : fc.constant(null),
      contentType: contentTypeHeader,
      // Issue #33: odd and malformed Accept and Authorization headers too.
      accept: fc.option(acceptHeader, { freq: 3 }),
      token: fc.constantFrom<TokenKind>("right", "right", "right", "none", "garbage", "other", "malformed"),
      garbage: fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
      malformed: malformedAuthorization(route.auth === "none" || route.auth === "signature" ? f.tokens.owner : f.tokens[route.auth]),
    });
  });
}

function describeRequest(r: { route: Route; path: string; token: TokenKind; body: string | null; headers: Record<string, string> }) {
  const body = r.body === null ? "" : ` body=${JSON.stringify(r.body.length > 300 ? `${r.body.slice(0, 300)}…` : r.body)}`;
  const path = r.path.length > 200 ? `${r.path.slice(0, 200)}…` : r.path;
  return `${r.route.method} ${path} token=${r.token} headers=${JSON.stringify(r.headers)}${body}`;
}

/** Shape 1 `{ "error": "<code>" }` or Shape 2 `{ "error": { code, message, details? } }`, with the code's status. */
function expectContractError(res: ApiResponse, what: string) {
  expect(res.headers.get("content-type") ?? "", what).toContain("application/json");
  expect(res.body && typeof res.body === "object" && Object.keys(res.body), what).toEqual(["error"]);
  const e = res.body.error;
  const code: string = typeof e === "string" ? e : e?.code;
  expect(new ApiError(code as ErrorCode).status, `${what}: code ${code}`).toBe(res.status);
  const shape1 = typeof errorBody(new ApiError(code as ErrorCode)).error === "string";
  if (shape1) {
    expect(e, what).toBe(code);
    return;
  }
  expect(typeof e.message, what).toBe("string");
  expect(
    Object.keys(e).every((k) => ["code", "message", "details"].includes(k)),
    what,
  ).toBe(true);
  if (e.details !== undefined) {
    expect(Array.isArray(e.details.formErrors), what).toBe(true);
    for (const messages of Object.values(e.details.fieldErrors)) expect(Array.isArray(messages), what).toBe(true);
  }
}

/** fast-check's report without the (possibly megabytes long) counterexample: the assertion names the request. */
function shortReport<T>(out: fc.RunDetails<T>) {
  if (!out.failed) return;
  // A thrown error that is not an assertion (a URIError, ...) is named with where it came from.
  const error =
    out.errorInstance instanceof Error
      ? out.errorInstance.name === "AssertionError"
        ? out.errorInstance.message
        : (out.errorInstance.stack ?? out.errorInstance.message)
      : String(out.errorInstance);
  throw new Error(`fuzz failed after ${out.numRuns} requests (seed ${out.seed}, path ${out.counterexamplePath}):\n${error.slice(0, 4000)}`);
}

describe("fuzzing the API through the Worker", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });

  it("lists every /api route the app mounts", () => {
    const norm = (p: string) => p.replace(/\{\w+\}|:\w+/g, ":p");
    const listed = new Set(ROUTES.map((r) => `${r.method} ${norm(r.path)}`));
    const mounted = (app.routes as { method: string; path: string }[])
      .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && !r.path.endsWith("*"))
      .map((r) => `${r.method} ${norm(r.path)}`);
    expect([...new Set(mounted)].filter((r) => !listed.has(r))).toEqual([]);
  });

  it(`${REQUESTS} seeded requests: < 500, contract envelopes, no 2xx without the token, refusals change nothing`, async () => {
    const seed = fuzzSeed("API fuzz");
    let before = await snapshot(f);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestFor(f), async (req) => {
        const { route } = req;
        let i = 0;
        const path = route.path.replace(/\{\w+\}/g, () => req.params[i++]);
        const url = req.query ? `${path}?${req.query}` : path;
        const token =
          req.token === "right" && !route.endsSession && route.auth !== "none" && route.auth !== "signature"
            ? f.tokens[route.auth]
            : req.token === "garbage"
              ? req.garbage
              : req.token === "other"
                ? otherToken(f, route.auth)
                : undefined;
        const sentRight = token !== undefined && req.token === "right";
        const headers: Record<string, string> = {};
        if (req.body !== null) headers["Content-Type"] = req.contentType;
        if (req.accept !== null) headers.Accept = req.accept;
        if (req.token === "malformed") headers.Authorization = req.malformed;
        const what = describeRequest({ route, path: url, token: req.token, body: req.body, headers });
        const res = await call(route.method, url, { token, rawBody: req.body ?? undefined, headers });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);

        expect(res.status, `${what}\n${res.text.slice(0, 500)}`).toBeLessThan(500);
        if (res.status >= 400) expectContractError(res, what);
        if (route.auth !== "none" && !sentRight)
          expect(res.status >= 200 && res.status < 300, `${what}: 2xx without its token`).toBe(false);
        if (route.method !== "GET") {
          const after = await snapshot(f);
          const changed = res.status >= 400 ? changedTables(before, after) : [];
          if (changed.length)
            throw new Error(`${what}: refused (${res.status} ${res.text.slice(0, 200)}) yet changed rows:\n${changed.join("\n")}`);
          before = after;
        }
      }),
      { seed, numRuns: REQUESTS, endOnFailure: true, includeErrorInReport: true, reporter: shortReport },
    );
    console.log(`API fuzz statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  }, 600_000);
});
