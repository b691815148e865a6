import { describe, expect, it } from "vitest";
import { isConfirmationCode, newConfirmationCode, normalizeConfirmationCode } from "../../../src/domain/confirmation-code";

describe("confirmation codes", () => {
  it("are BK- followed by six characters from A-Z0-9, and differ between calls", () => {
    const codes = Array.from({ length: 500 }, newConfirmationCode);
    for (const code of codes) {
      expect(code).toMatch(/^BK-[A-Z0-9]{6}$/);
      expect(code).toHaveLength(9);
      expect(isConfirmationCode(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("normalize user input to the stored upper-case form", () => {
    expect(normalizeConfirmationCode(" bk-ab12cd ")).toBe("BK-AB12CD");
    expect(isConfirmationCode("bk-ab12cd")).toBe(false);
  });
});
