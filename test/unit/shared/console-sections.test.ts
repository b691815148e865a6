import { describe, expect, it } from "vitest";
import { IMPERSONATION_PAGES, isImpersonationPage, TENANT_SECTIONS } from "../../../src/shared/console-sections";

describe("console lists", () => {
  it("keeps interface.md's section order", () => {
    expect(TENANT_SECTIONS.map(([, label]) => label)).toEqual([
      "Profile",
      "Owner",
      "Members",
      "Services",
      "Staff",
      "Customers",
      "Bookings",
      "Payments",
      "AI activity",
      "Audit",
    ]);
  });

  it("accepts only the owner pages impersonation may open, prototype names included", () => {
    for (const [key] of IMPERSONATION_PAGES) expect(isImpersonationPage(key)).toBe(true);
    for (const bad of ["payments", "constructor", "__proto__", "toString", "", null, undefined])
      expect(isImpersonationPage(bad)).toBe(false);
  });
});
