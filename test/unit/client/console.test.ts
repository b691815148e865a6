import { describe, expect, it } from "vitest";
import { pageNumber } from "../../../src/client/console/tenants";
import { tokenLifetimeMs } from "../../../src/client/shared/token";

const b64url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("console helpers", () => {
  it("reads the lifetime the server gave a token, so an ended or unreadable one is not used", () => {
    const token = `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ iat: 1_999_985_600, exp: 2_000_000_000, name: "Zoë ~~~" }))}.sig`;
    expect(tokenLifetimeMs(token)).toBe(4 * 3600_000);
    expect(tokenLifetimeMs("not-a-token")).toBe(0);
    expect(tokenLifetimeMs(`${b64url("{}")}.${b64url('{"iat":1,"exp":"soon"}')}.x`)).toBe(0);
  });

  it("takes the tenants page from ?page=, falling back to the first", () => {
    expect(pageNumber("3")).toBe(3);
    for (const bad of [null, "", "0", "-1", "2.5", "x", "__proto__", "10001"]) expect(pageNumber(bad)).toBe(1);
  });
});
