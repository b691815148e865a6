import { describe, expect, it } from "vitest";
import { normalizePhone, phoneProblem, regionOf } from "../../../../src/domain/sms/phone";

describe("phone numbers for texts (design.md §27)", () => {
  it("reads a number without + by the business's country and writes it in E.164", () => {
    expect(normalizePhone("(202) 555-0143", "US")).toEqual({ ok: true, e164: "+12025550143" });
    expect(normalizePhone("030 12345678", "DE")).toEqual({ ok: true, e164: "+493012345678" });
    expect(normalizePhone("06 12 34 56 78", "FR")).toEqual({ ok: true, e164: "+33612345678" });
  });

  it("reads a number with + or 00 whatever the business's country", () => {
    expect(normalizePhone("+44 7911 123456", "US")).toEqual({ ok: true, e164: "+447911123456" });
    expect(normalizePhone("0044 7911 123456", null)).toEqual({ ok: true, e164: "+447911123456" });
  });

  it("keeps what does not parse out of texts, and says why", () => {
    expect(normalizePhone("", "US")).toEqual({ ok: false, problem: "empty" });
    expect(normalizePhone("call me", "US")).toEqual({ ok: false, problem: "empty" });
    expect(normalizePhone("12345", "US")).toEqual({ ok: false, problem: "unreadable" });
    expect(normalizePhone("202 555 0143", null)).toEqual({ ok: false, problem: "no_region" });
    expect(phoneProblem("12345", "US")).toBe(
      '"12345" is not a phone number that can be read as a number of United States (numbers of other countries need + and the country code).',
    );
    expect(phoneProblem("+12025550143", "US")).toBeNull();
  });

  it("takes the business's region from its 2-letter country code, else a 2-letter country", () => {
    expect(regionOf({ countryCode: "de", country: "Germany" })).toBe("DE");
    expect(regionOf({ countryCode: "", country: "PT" })).toBe("PT");
    expect(regionOf({ countryCode: "", country: "Portugal" })).toBeNull();
    expect(regionOf({ countryCode: "ZZ", country: "" })).toBeNull();
  });
});
