import { describe, expect, it } from "vitest";
import { tokenExpiry } from "../../../src/client/console/session";
import { pageNumber } from "../../../src/client/console/tenants";

const b64url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("console helpers", () => {
  it("reads a token's expiry so an expired session is not used", () => {
    const token = `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ exp: 2_000_000_000, name: "Zoë ~~~" }))}.sig`;
    expect(tokenExpiry(token)).toBe(2_000_000_000_000);
    expect(tokenExpiry("not-a-token")).toBe(0);
    expect(tokenExpiry(`${b64url("{}")}.${b64url('{"exp":"soon"}')}.x`)).toBe(0);
  });

  it("takes the tenants page from ?page=, falling back to the first", () => {
    expect(pageNumber("3")).toBe(3);
    for (const bad of [null, "", "0", "-1", "2.5", "x", "__proto__", "10001"]) expect(pageNumber(bad)).toBe(1);
  });
});
