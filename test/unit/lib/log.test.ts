import { afterEach, describe, expect, it, vi } from "vitest";
import { errorFields, log, redact } from "../../../src/lib/log";

// design.md §24: what the one logger removes from every line, and the shape of a line.

afterEach(() => vi.restoreAllMocks());

describe("redact", () => {
  it("removes e-mail addresses, phone numbers, tokens, credentials and SQL parameters", () => {
    const cases: [string, string][] = [
      ["Invalid `to` field: ada.lovelace+x@example.co.uk", "Invalid `to` field: [redacted]"],
      ["call +1 (415) 555-0199 or 0044 20 7946 0958", "call [redacted] or [redacted]"],
      ["Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl", "Bearer [redacted]"],
      ["token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln here", "token [redacted] here"],
      ['{"password":"hunter2 hunter2","email":"x"}', '{"password":[redacted],"email":"x"}'],
      ["api_key=sk_live_abc123&x=1", "api_key=[redacted]&x=1"],
      ["key bk_kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk_tnt_1", "key [redacted]"],
      [
        "Failed query: select * from customers where email = ?\nparams: ada@example.test,secret",
        "Failed query: select * from customers where email = ?\nparams: [redacted]",
      ],
    ];
    for (const [input, output] of cases) expect(redact(input), input).toBe(output);
  });

  it("keeps what the operator needs: dates, times, short numbers, ids and HTTP statuses", () => {
    const text = "job_abcdefghij0123456789 failed at 2031-06-02T08:00:00.000Z after 15 attempts: HTTP 503 (retry in 3600 s)";
    expect(redact(text)).toBe(text);
  });
});

describe("errorFields", () => {
  it("names a failed query without quoting it, keeps the driver's message, and only code locations from the stack", () => {
    const driver = new Error("SQLITE_CONSTRAINT: UNIQUE constraint failed: customers.email_normalized");
    const wrapper = new Error("Failed query: insert into customers values (?, ?)\nparams: cst_1,ada@example.test", { cause: driver });
    const f = errorFields(wrapper);
    expect(f.name).toBe("Error");
    expect(f.message).toBe("Error (query failed) <- Error: SQLITE_CONSTRAINT: UNIQUE constraint failed: customers.email_normalized");
    expect(f.stack).toMatch(/^at /);
    expect(JSON.stringify(f)).not.toContain("ada@example.test");
  });

  it("describes a thrown non-error", () => {
    expect(errorFields("just a string")).toEqual({ name: "string", message: "non-error string", stack: "" });
  });
});

describe("log", () => {
  it("prints one JSON object per line, at the console method of its level, redacting every field", () => {
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    log("info", "request", { requestId: "8f0c-IAD", route: "/api/bookings/:id", status: 200, note: "for ada@example.test" });
    log("error", "job", { kind: "email", error: new Error("provider said no to ada@example.test") });
    expect(JSON.parse(info.mock.calls[0][0] as string)).toEqual({
      level: "info",
      msg: "request",
      requestId: "8f0c-IAD",
      route: "/api/bookings/:id",
      status: 200,
      note: "for [redacted]",
    });
    const line = JSON.parse(error.mock.calls[0][0] as string);
    expect(line).toMatchObject({
      level: "error",
      msg: "job",
      kind: "email",
      error: { name: "Error", message: "Error: provider said no to [redacted]" },
    });
  });
});
