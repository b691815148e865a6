import { describe, expect, it } from "vitest";
import { slugFromName, slugProblem, withSuffix } from "../../../../src/services/auth/slug";
import { uniqueViolation } from "../../../../src/db/unique-violation";

const fixed = () => "x1y2z";

describe("slugFromName", () => {
  it.each([
    ["Shear Joy", "shear-joy"],
    ["  Café Zoë & Co.  ", "cafe-zoe-co"],
    ["Nails--R--Us!!", "nails-r-us"],
    ["STUDIO 54", "studio-54"],
  ])("%j -> %j", (name, slug) => {
    expect(slugFromName(name, fixed)).toBe(slug);
    expect(slugProblem(slugFromName(name, fixed))).toBeNull();
  });

  it("suffixes a result that is too short or reserved, and replaces one with no usable characters", () => {
    expect(slugFromName("Q&", fixed)).toBe("q-x1y2z");
    expect(slugFromName("A&B", fixed)).toBe("a-b");
    expect(slugFromName("Booking", fixed)).toBe("booking-x1y2z");
    expect(slugFromName("日本のサロン", fixed)).toBe("business-x1y2z");
  });

  it("always yields a valid slug, even for very long names", () => {
    const slug = slugFromName("word ".repeat(40), fixed);
    expect(slugProblem(slug)).toBeNull();
    expect(slugProblem(withSuffix(slug))).toBeNull();
    expect(withSuffix("a".repeat(63), "abcde")).toHaveLength(63);
  });
});

describe("slugProblem", () => {
  it.each(["ab", "a".repeat(64), "Upper", "under_score", "sp ace", "booking"])("refuses %j", (slug) => {
    expect(slugProblem(slug)).not.toBeNull();
  });
  it.each(["abc", "a".repeat(63), "salon-42", "123"])("accepts %j", (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });
});

describe("uniqueViolation", () => {
  it("finds the index in the error or in its cause chain", () => {
    const sqlite = new Error("SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: users.email");
    expect(uniqueViolation(sqlite)).toEqual(["users.email"]);
    expect(uniqueViolation(new Error("Failed query: insert ...", { cause: sqlite }))).toEqual(["users.email"]);
    expect(uniqueViolation(new Error("UNIQUE constraint failed: tenant_members.tenant_id, tenant_members.user_id"))).toEqual([
      "tenant_members.tenant_id",
      "tenant_members.user_id",
    ]);
  });
  it("returns null for anything else", () => {
    expect(uniqueViolation(new Error("FOREIGN KEY constraint failed"))).toBeNull();
    expect(uniqueViolation(undefined)).toBeNull();
  });
});
