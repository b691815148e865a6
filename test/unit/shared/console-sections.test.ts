import { describe, expect, it } from "vitest";
import { TENANT_SECTIONS } from "../../../src/shared/console-sections";

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
});
