import { describe, expect, it } from "vitest";
import {
  dnsRecordsFor,
  effectiveStatus,
  failureReason,
  PENDING_LIMIT_MS,
  pendingTooLong,
  readHostname,
} from "../../../src/domain/custom-hostname";

// design.md §23: what Cloudflare's custom hostname object means for a business's domain.

const object = (over: Record<string, unknown> = {}) => ({
  id: "0d89c70d-ad9f-4843-b99f-6cc0252067e9",
  hostname: "book.salon.example",
  status: "pending",
  ssl: { status: "pending_validation", method: "http", type: "dv", validation_errors: [{ message: "caa_error: example.com" }] },
  ownership_verification: { type: "txt", name: "_cf-custom-hostname.book.salon.example", value: "5cc07c04-ea62-4a5a-95f0-419334a875a4" },
  verification_errors: ["custom hostname does not CNAME to this zone."],
  ...over,
});

describe("readHostname", () => {
  it("is live only when the hostname and its certificate are both active", () => {
    expect(readHostname(object()).live).toBe(false);
    expect(readHostname(object({ status: "active" })).live).toBe(false);
    expect(readHostname(object({ status: "active", ssl: { status: "active" } })).live).toBe(true);
    expect(readHostname(object({ status: "pending", ssl: { status: "active" } })).live).toBe(false);
  });

  it("lists the ownership TXT record first, then any TXT records the certificate asks for, once each", () => {
    const r = readHostname(
      object({
        ssl: {
          status: "pending_validation",
          txt_name: "_acme-challenge.book.salon.example",
          txt_value: "ca3-abc",
          validation_records: [{ txt_name: "_acme-challenge.book.salon.example", txt_value: "ca3-abc" }, { http_url: "http://x" }],
        },
      }),
    );
    expect(r.txtRecords).toEqual([
      { type: "TXT", name: "_cf-custom-hostname.book.salon.example", value: "5cc07c04-ea62-4a5a-95f0-419334a875a4" },
      { type: "TXT", name: "_acme-challenge.book.salon.example", value: "ca3-abc" },
    ]);
  });

  it("collects what Cloudflare says is wrong, and gives up on blocked or moved hostnames", () => {
    const r = readHostname(object());
    expect(r.problems).toEqual(["custom hostname does not CNAME to this zone.", "caa_error: example.com"]);
    expect(r.givenUp).toBe(false);
    expect(readHostname(object({ status: "blocked" })).givenUp).toBe(true);
    expect(readHostname(object({ status: "moved" })).givenUp).toBe(true);
  });

  it("reads a malformed answer as nothing known, never throwing", () => {
    expect(readHostname({ ssl: null, ownership_verification: null, verification_errors: "x" })).toEqual({
      id: null,
      live: false,
      givenUp: false,
      hostnameStatus: null,
      sslStatus: null,
      txtRecords: [],
      problems: [],
    });
  });
});

describe("the owner's view", () => {
  it("puts the CNAME to the platform's target before Cloudflare's TXT records", () => {
    const txt = [{ type: "TXT", name: "_cf-custom-hostname.a.example", value: "v" }];
    expect(dnsRecordsFor("a.example", "customers.platform.example", txt)).toEqual([
      { type: "CNAME", name: "a.example", value: "customers.platform.example" },
      ...txt,
    ]);
    expect(dnsRecordsFor("a.example", null, null)).toEqual([]);
  });

  it("a domain saved before custom hostnames existed is pending with Cloudflare on, active without", () => {
    expect(effectiveStatus(null, true)).toBe("pending");
    expect(effectiveStatus(null, false)).toBe("active");
    expect(effectiveStatus("failed", false)).toBe("failed");
  });
});

describe("giving up", () => {
  const claimed = "2031-05-01T10:00:00.000Z";
  it("happens exactly 7 days after the claim", () => {
    expect(pendingTooLong(claimed, new Date(Date.parse(claimed) + PENDING_LIMIT_MS - 1))).toBe(false);
    expect(pendingTooLong(claimed, new Date(Date.parse(claimed) + PENDING_LIMIT_MS))).toBe(true);
    expect(pendingTooLong(null, new Date("2040-01-01T00:00:00Z"))).toBe(false);
  });

  it("says why in words, quoting Cloudflare", () => {
    expect(failureReason(readHostname(object()))).toContain("Cloudflare last reported: custom hostname does not CNAME to this zone.");
    expect(failureReason(readHostname(object({ status: "blocked" })))).toContain("blocked");
    expect(failureReason(null)).toContain("within 7 days");
  });
});
