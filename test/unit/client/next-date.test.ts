import { describe, expect, it } from "vitest";
import { LOOKAHEAD_DAYS, timesFromDate, timesMessage } from "../../../src/client/booking/next-date";
import type { SlotsResult } from "../../../src/client/booking/slots";

const slot = (date: string, time: string) => ({
  staffProfileId: "stf_1",
  staffName: "Alex",
  startTime: `${date}T${time}:00`,
  endTime: `${date}T${time}:00`,
});

/** An availability API answering from a table of dates, recording what was asked. */
function api(free: Record<string, string[]>) {
  const asked: string[] = [];
  const fetchDay = async (date: string): Promise<SlotsResult> => {
    asked.push(date);
    return { slots: (free[date] ?? []).map((t) => slot(date, t)) };
  };
  return { asked, fetchDay };
}

describe("the next date with free times", () => {
  it("asks once for a date that has times", async () => {
    const { asked, fetchDay } = api({ "2031-06-02": ["09:00", "09:15"] });
    const result = await timesFromDate("2031-06-02", fetchDay, () => true);
    expect(result).toMatchObject({ kind: "times", date: "2031-06-02" });
    expect(asked).toEqual(["2031-06-02"]);
    expect(timesMessage(result as never)).toBe("2 times available on Mon, Jun 2, 2031.");
  });

  it("tries the following dates one request each, nearest first, and stops at the first with times", async () => {
    const { asked, fetchDay } = api({ "2031-06-04": ["14:00"], "2031-06-05": ["09:00"] });
    const result = await timesFromDate("2031-06-02", fetchDay, () => true);
    expect(result).toMatchObject({ kind: "next", chosen: "2031-06-02", date: "2031-06-04" });
    expect(asked).toEqual(["2031-06-02", "2031-06-03", "2031-06-04"]);
    expect(timesMessage(result as never, "Sorry.")).toBe(
      "Sorry. No free times left on Mon, Jun 2, 2031. Showing the next date with free times: Wed, Jun 4, 2031 (1 time available).",
    );
  });

  it("gives up after the look-ahead, across a month end, in plain words", async () => {
    const { asked, fetchDay } = api({ "2031-07-08": ["09:00"] });
    const result = await timesFromDate("2031-06-28", fetchDay, () => true);
    expect(result).toEqual({ kind: "none", chosen: "2031-06-28" });
    expect(asked).toHaveLength(1 + LOOKAHEAD_DAYS);
    expect(asked.at(-1)).toBe("2031-07-05");
    expect(timesMessage(result as never)).toBe("No free times on Sat, Jun 28, 2031 or in the 7 days after it. Please choose a later date.");
  });

  it("stops at once when the customer has moved on, and reports a failed request", async () => {
    const { asked, fetchDay } = api({});
    let current = true;
    const result = await timesFromDate(
      "2031-06-02",
      async (d) => {
        current = false;
        return fetchDay(d);
      },
      () => current,
    );
    expect(result).toEqual({ kind: "superseded" });
    expect(asked).toEqual(["2031-06-02"]);

    const failed = { status: 429, body: { error: "rate_limited" }, headers: null };
    const error = await timesFromDate(
      "2031-06-02",
      async () => ({ error: failed }),
      () => true,
    );
    expect(error).toEqual({ kind: "error", error: failed });
  });
});
