import { afterEach, describe, expect, it, vi } from "vitest";
import { uniq } from "../../helpers/factories";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { workerEnv } from "../../helpers/worker-entry";

afterEach(() => vi.restoreAllMocks());

/** Everything the Worker wrote to console.error during `fn`, as text (errors with their stack and cause). */
async function logsOf(fn: () => Promise<unknown>) {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  await fn();
  const text = (v: unknown): string =>
    v instanceof Error
      ? `${v.name} ${v.message} ${v.stack ?? ""} ${v.cause ? text(v.cause) : ""}`
      : typeof v === "string"
        ? v
        : JSON.stringify(v);
  return errors.mock.calls.map((args) => args.map(text).join(" ")).join("\n");
}

describe("error logs carry no query parameters (issue #15)", () => {
  it("a failing database query is logged with the route and the driver's message, not the e-mail or password it was given", async () => {
    const email = `secret-person-${uniq()}@example.test`;
    let status = 0;
    const logs = await logsOf(async () => {
      // x-test-db-url (TEST_HOOKS) points the request at the capture server, which is not a database.
      const res = await fetchWithEnv({}, "POST", "/api/auth/login", {
        body: { email, password: "hunter2-password" },
        headers: { "x-test-db-url": workerEnv.CAPTURE_URL },
      });
      status = res.status;
    });
    expect(status).toBe(500);
    expect(logs).toContain("POST /api/auth/login");
    expect(logs).not.toContain(email);
    expect(logs).not.toContain("hunter2-password");
    expect(logs).not.toMatch(/params:/);
  });

  it("logs the path without its query string", async () => {
    const logs = await logsOf(() =>
      fetchWithEnv({}, "GET", `/api/public/${uniq()}?token=query-secret-${uniq()}`, {
        headers: { "x-test-db-url": workerEnv.CAPTURE_URL },
      }),
    );
    expect(logs).toContain("GET /api/public/");
    expect(logs).not.toContain("query-secret");
  });
});
