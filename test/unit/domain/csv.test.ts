import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { amountFigure, BOM, csvField, csvRow, neutralize } from "../../../src/domain/csv";

// design.md §29: RFC 4180 fields and records, formula-looking text made harmless, amounts as figures.

describe("csv", () => {
  it("prefixes text starting with =, +, -, @, tab or carriage return with a quote, and nothing else", () => {
    for (const text of ["=1+1", "+44 20", "-5", "@SUM(A1)", "\tx", "\rx"]) expect(neutralize(text)).toBe(`'${text}`);
    for (const text of ["Ada", " =1", "1-2", "", "'quoted"]) expect(neutralize(text)).toBe(text);
  });

  it("quotes fields holding a comma, a quote, CR or LF, doubling the quotes; numbers and figures go as they are", () => {
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("\r=x")).toBe('"\'\r=x"');
    expect(csvField(null)).toBe("");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(amountFigure(-450, 2))).toBe("-4.50");
  });

  it("writes records a CSV parser reads back to the same cells", () => {
    const cells = ["a,b", 'q"uote', "multi\r\nline", "=danger", "plain"];
    const text = BOM + csvRow(["one", "two", "three", "four", "five"]) + csvRow(cells);
    expect(text.endsWith("\r\n")).toBe(true);
    const [row] = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.values(row)).toEqual(["a,b", 'q"uote', "multi\r\nline", "'=danger", "plain"]);
  });

  it("writes amounts in minor units as decimal figures of their currency", () => {
    expect(amountFigure(4550, 2)).toEqual({ figure: "45.50" });
    expect(amountFigure(5, 2)).toEqual({ figure: "0.05" });
    expect(amountFigure(500, 0)).toEqual({ figure: "500" });
    expect(amountFigure(1234, 3)).toEqual({ figure: "1.234" });
    expect(amountFigure(0, 2)).toEqual({ figure: "0.00" });
  });
});
