import { describe, expect, it } from "vitest";
import { isoWeekMonday, periodLabel, periodTick } from "../../../src/shared/report-periods";

describe("report periods in words", () => {
  it("names days, ISO weeks by their Monday, and months", () => {
    expect(periodLabel("2031-03-03")).toBe("Mar 3");
    expect(periodLabel("2031-W10")).toBe("Week of Mar 3");
    expect(periodLabel("2031-W01")).toBe("Week of Dec 30"); // ISO 2031's first week starts in 2030
    expect(periodLabel("2026-W53")).toBe("Week of Dec 28");
    expect(periodLabel("2031-03")).toBe("Mar 2031");
    expect(periodLabel("whatever")).toBe("whatever");
    expect(periodTick("2031-W10")).toBe("Mar 3");
    expect(periodTick("2031-03")).toBe("Mar");
  });

  it("words them in the reader's language", () => {
    expect(periodLabel("2031-03-03", "de")).toBe("3. März");
    expect(periodLabel("2031-W10", "de", (monday) => `Woche ab ${monday}`)).toBe("Woche ab 3. März");
    expect(periodLabel("2031-03", "fr")).toBe("mars 2031");
    expect(periodTick("2031-03", "es")).toBe("mar");
    expect(periodTick("2031-W10", "nl")).toBe("3 mrt");
  });

  it("finds the Monday of an ISO week", () => {
    expect(isoWeekMonday(2031, 10).toISOString().slice(0, 10)).toBe("2031-03-03");
    expect(isoWeekMonday(2027, 1).toISOString().slice(0, 10)).toBe("2027-01-04");
  });
});
