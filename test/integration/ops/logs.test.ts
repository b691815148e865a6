import { afterEach, describe, expect, it, vi } from "vitest";
import { uniq } from "../../helpers/factories";
import { createTenant } from "../../helpers/factories";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { deliverBatch, workerEnv } from "../../helpers/worker-entry";
import { emailMessage, scriptProvider, writeOutboxEmail } from "../email/outbox-harness";
import { scratchDatabase } from "../../helpers/scratch-db";

// design.md §24: one JSON line per request, per job outcome and per cron run, through the one
// logger; secrets and personal data pushed through failing paths appear in none of them.

afterEach(() => vi.restoreAllMocks());

type Line = Record<string, any>;

/**
 * Every line the Worker printed during `fn`, parsed (each must be one JSON object). The workerd is
 * shared by the files of a pool worker (isolate: false), so a queue job another file left in
 * flight may print its line meanwhile: job lines count only when they are `ownJobId`'s. `text`
 * keeps every line, so the leak checks read them all.
 */
async function linesOf(fn: () => Promise<unknown>, ownJobId?: string): Promise<{ lines: Line[]; text: string }> {
  const printed: string[] = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "));
    });
  }
  await fn();
  const lines = printed.map((p) => JSON.parse(p) as Line).filter((l) => l.msg !== "job" || l.jobId === ownJobId);
  return { lines, text: printed.join("\n") };
}

const SECRETS = {
  email: `secret.person.${uniq()}@example.test`,
  password: `hunter2-${uniq()}-password`,
  phone: "+1 415 555 0199",
  jwt: `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfJHt1bmlxKCl9In0.${uniq()}${uniq()}${uniq()}${uniq()}`,
  apiKey: `bk_${"k".repeat(32)}${uniq()}_tnt_abc`,
};

function expectClean(text: string) {
  for (const [what, value] of Object.entries(SECRETS)) expect(text, `${what} leaked`).not.toContain(value);
  expect(text).not.toMatch(/params:\s*\S*@/);
}

describe("request lines", () => {
  it("one line per request: the route pattern (never the path or query), status, time, caller, tenant, round trips", async () => {
    const tenant = await createTenant();
    const id = `stf_${uniq()}`;
    const { lines } = await linesOf(() =>
      fetchWithEnv({}, "GET", `/api/staff/${id}?token=${SECRETS.password}`, {
        token: tenant.token,
        headers: { "cf-ray": "8f0c1d2e3a4b5c6d-IAD" },
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      level: "info",
      msg: "request",
      requestId: "8f0c1d2e3a4b5c6d-IAD",
      method: "GET",
      route: "/api/staff/:id",
      status: 404,
      ms: expect.any(Number),
      tenantId: tenant.id,
      actor: "owner",
      dbRoundTrips: expect.any(Number),
    });
    expect(lines[0].dbRoundTrips).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(lines)).not.toContain(id);
    expect(JSON.stringify(lines)).not.toContain(SECRETS.password);
  });

  it("without cf-ray the request id is random, and it is never sent back", async () => {
    let headers: Headers | undefined;
    const { lines } = await linesOf(async () => {
      headers = (await fetchWithEnv({}, "GET", "/api/public/no-such-business-here")).headers;
    });
    expect(lines[0]).toMatchObject({ msg: "request", route: "/api/public/:slug", status: 404, actor: "public" });
    expect(lines[0].requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(headers?.get("x-request-id")).toBeNull();
    expect([...(headers?.values() ?? [])].join(" ")).not.toContain(lines[0].requestId);
  });
});

describe("failing paths leak nothing", () => {
  it("a failing database statement with an e-mail and password parameter: a 500 line with the error, redacted", async () => {
    let status = 0;
    const { lines, text } = await linesOf(async () => {
      // x-test-db-url (TEST_HOOKS) points the request at the capture server, which is not a database.
      const res = await fetchWithEnv({}, "POST", "/api/auth/login", {
        body: { email: SECRETS.email, password: SECRETS.password },
        headers: { "x-test-db-url": workerEnv.CAPTURE_URL },
      });
      status = res.status;
    });
    expect(status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "request", route: "/api/auth/login", status: 500, actor: "public" });
    expect(lines[0].error).toEqual({ name: expect.any(String), message: expect.any(String), stack: expect.any(String) });
    expectClean(text);
  });

  it("a bad token and a bad API key: 401 lines without the credentials", async () => {
    const { lines, text } = await linesOf(async () => {
      await fetchWithEnv({}, "GET", "/api/businesses/me", { token: SECRETS.jwt });
      await fetchWithEnv({}, "GET", "/api/businesses/me", { token: SECRETS.apiKey });
    });
    expect(lines.map((l) => l.status)).toEqual([401, 401]);
    expectClean(text);
  });

  it("a failing e-mail provider: the job's line says it failed, without the address or the provider's echo of it", async () => {
    const email = await writeOutboxEmail();
    await scriptProvider(email.to, [{ status: 422, body: { message: `Invalid \`to\` field: ${email.to}; call ${SECRETS.phone}` } }]);
    const { lines, text } = await linesOf(() => deliverBatch([emailMessage(email.id)]), email.id);
    const job = lines.find((l) => l.msg === "job");
    expect(job).toMatchObject({
      level: "error",
      actor: "queue",
      kind: "email",
      jobId: email.id,
      tenantId: email.tenantId,
      outcome: "failed",
      attempts: 1,
      ms: expect.any(Number),
    });
    expect(job?.lastError).toContain("HTTP 422");
    expect(text).not.toContain(email.to);
    expect(text).not.toContain(SECRETS.phone);
  });
});

describe("cron lines", () => {
  it("one line per run, with its round trips and what it did", async () => {
    const s = await scratchDatabase();
    const { lines } = await linesOf(() => s.cron(new Date("2031-06-02T08:00:00.000Z")));
    const runs = lines.filter((l) => l.msg === "cron run");
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ level: "info", actor: "cron", ms: expect.any(Number) });
    expect(runs[0].dbRoundTrips).toBeGreaterThanOrEqual(3);
  });
});
