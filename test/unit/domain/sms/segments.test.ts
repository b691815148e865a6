import { describe, expect, it } from "vitest";
import { countSegments, encodingOf, fitsSegments } from "../../../../src/domain/sms/segments";

const gsm = (n: number) => "a".repeat(n);

describe("SMS segments (GSM-7 and UCS-2)", () => {
  it("counts GSM-7 texts in septets: 160 in one segment, then parts of 153", () => {
    expect(countSegments(gsm(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSegments(gsm(161)).segments).toBe(2);
    expect(countSegments(gsm(306)).segments).toBe(2);
    expect(countSegments(gsm(307)).segments).toBe(3);
    expect(fitsSegments(gsm(306))).toBe(true);
    expect(fitsSegments(gsm(307))).toBe(false);
  });

  it("counts an extension character (€, [, ^, ...) as two septets and never splits one across parts", () => {
    expect(countSegments("€".repeat(80))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSegments(`${gsm(159)}€`).segments).toBe(2);
    // 152 septets, then a two-septet € that would straddle the first part's end: it moves to the second.
    expect(countSegments(`${gsm(152)}€${gsm(152)}`)).toMatchObject({ units: 306, segments: 3 });
    expect(countSegments(`${gsm(151)}€${gsm(153)}`)).toMatchObject({ units: 306, segments: 2 });
  });

  it("keeps the Greek capitals of the GSM table in GSM-7", () => {
    expect(encodingOf("ΔΦΓΛΩΠΨΣΘΞ and Ä, ñ, é")).toBe("GSM-7");
  });

  it("makes a text with a Greek name UCS-2: 70 code units, then parts of 67 (134 in two)", () => {
    const greek = "Ελένη";
    expect(encodingOf(`Hello ${greek}`)).toBe("UCS-2");
    expect(countSegments("λ".repeat(70))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(countSegments("λ".repeat(71)).segments).toBe(2);
    expect(countSegments("λ".repeat(134)).segments).toBe(2);
    expect(countSegments("λ".repeat(135)).segments).toBe(3);
  });

  it("counts an emoji as two UTF-16 code units and never splits its surrogate pair across parts", () => {
    expect(encodingOf("See you 💇")).toBe("UCS-2");
    expect(countSegments("💇".repeat(35))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(countSegments(`${"a".repeat(66)}💇${"a".repeat(66)}`)).toMatchObject({ units: 134, segments: 3 });
    expect(countSegments(`${"a".repeat(65)}💇${"a".repeat(67)}`)).toMatchObject({ units: 134, segments: 2 });
  });

  it("an empty text costs nothing", () => {
    expect(countSegments("").segments).toBe(0);
  });
});
