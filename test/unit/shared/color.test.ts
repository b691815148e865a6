import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  DEFAULT_ACCENT,
  isHexColor,
  readableInk,
  readableTextOn,
  relativeLuminance,
  safeHexColor,
} from "../../../src/shared/color";

describe("hex colour validation", () => {
  it.each(["#fff", "#FFF", "#0f766e", "#0F766E"])("accepts %s", (c) => {
    expect(isHexColor(c)).toBe(true);
  });

  it.each(["fff", "#ffff", "#12345g", "red", "red;}</style><script>", "url(javascript:alert(1))", "", " #fff"])("refuses %j", (c) => {
    expect(isHexColor(c)).toBe(false);
  });

  it("lower-cases and trims a good colour, falls back for anything else", () => {
    expect(safeHexColor(" #0F766E ")).toBe("#0f766e");
    expect(safeHexColor("red")).toBe(DEFAULT_ACCENT);
    expect(safeHexColor(42)).toBe(DEFAULT_ACCENT);
    expect(safeHexColor(null, "#000")).toBe("#000");
  });
});

describe("WCAG contrast", () => {
  it("computes luminance and the contrast ratio as WCAG defines them", () => {
    expect(relativeLuminance("#000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    // A known pair: #767676 on white is the classic 4.54:1.
    expect(contrastRatio("#767676", "#fff")).toBeCloseTo(4.54, 2);
  });

  it("puts white text on dark colours and near-black text on light ones", () => {
    expect(readableTextOn("#4f46e5")).toBe("#ffffff");
    expect(readableTextOn("#be123c")).toBe("#ffffff");
    expect(readableTextOn("#fde047")).toBe("#111827");
    expect(readableTextOn("#fff")).toBe("#111827");
  });

  it("keeps a readable accent as it is and darkens a light one until it reads as text (4.5:1)", () => {
    expect(readableInk("#4f46e5")).toBe("#4f46e5");
    const yellow = readableInk("#fde047");
    expect(yellow).not.toBe("#fde047");
    expect(contrastRatio(yellow, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    const onGrey = readableInk("#38bdf8", "#f6f7f9");
    expect(contrastRatio(onGrey, "#f6f7f9")).toBeGreaterThanOrEqual(4.5);
    // Only as dark as needed: one step lighter would fail.
    expect(contrastRatio(yellow, "#ffffff")).toBeLessThan(7);
  });
});
