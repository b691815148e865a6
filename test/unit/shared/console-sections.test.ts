import { describe, expect, it } from "vitest";
import { TENANT_SECTIONS } from "../../../src/shared/console-sections";
import { INTERFACE_SECTIONS } from "../../helpers/console-sections";

describe("console lists", () => {
  it("keeps interface.md's section order", () => {
    expect(TENANT_SECTIONS.map(([, label]) => label)).toEqual(INTERFACE_SECTIONS);
  });
});
