import { describe, expect, it } from "vitest";
import { Evidence, filterSuggestions, MAX_SUGGESTED_SLOTS } from "../../../../src/domain/ai/suggestions";

const slot = (staffId: string, hhmm: string, date = "2031-03-04") => ({
  staffId,
  staffName: `Name ${staffId}`,
  startTime: `${date}T${hhmm}:00`,
  endTime: `${date}T${hhmm.slice(0, 3)}59:00`,
});

function evidence() {
  const ev = new Evidence();
  ev.addServices(["svc_a"]);
  ev.addStaff(["stf_1", "stf_2"]);
  ev.addDay("svc_a", "2031-03-04", [slot("stf_1", "09:00"), slot("stf_2", "09:00"), slot("stf_2", "10:00")]);
  ev.addOpenDays("svc_a", ["2031-03-05"]);
  return ev;
}

describe("filterSuggestions", () => {
  it("keeps what the tools returned and hands back the tool's slot records", () => {
    expect(
      filterSuggestions({ serviceId: "svc_a", staffId: "stf_2", date: "2031-03-04", slots: ["09:00", "2031-03-04T10:00:00"] }, evidence()),
    ).toEqual({
      serviceId: "svc_a",
      staffId: "stf_2",
      date: "2031-03-04",
      slots: [slot("stf_2", "09:00"), slot("stf_2", "10:00")],
    });
  });

  it("without a staff member picks the first listed staff per time, or the one the slot names", () => {
    const r = filterSuggestions(
      { serviceId: "svc_a", date: "2031-03-04", slots: ["09:00", { startTime: "09:00", staffId: "stf_2" }] },
      evidence(),
    );
    expect(r.slots).toEqual([slot("stf_1", "09:00"), slot("stf_2", "09:00")]);
  });

  it("drops unknown ids, unlisted times, dates without free times and slots of another date", () => {
    const ev = evidence();
    expect(filterSuggestions({ serviceId: "svc_x", staffId: "stf_x", date: "2031-03-04", slots: ["09:00"] }, ev)).toEqual({
      serviceId: null,
      staffId: null,
      date: null,
      slots: [],
    });
    expect(
      filterSuggestions({ serviceId: "svc_a", date: "2031-03-04", slots: ["11:00", "09:05", "2031-03-05T09:00", "nonsense", 42] }, ev),
    ).toEqual({
      serviceId: "svc_a",
      staffId: null,
      date: "2031-03-04",
      slots: [],
    });
    // A date the days range showed open is kept; it has no slot records, so no slots.
    expect(filterSuggestions({ serviceId: "svc_a", date: "2031-03-05", slots: ["09:00"] }, ev)).toMatchObject({
      date: "2031-03-05",
      slots: [],
    });
    expect(filterSuggestions({ serviceId: "svc_a", date: "2031-03-06" }, ev).date).toBeNull();
    expect(filterSuggestions({ serviceId: "svc_a", date: "04/03/2031" }, ev).date).toBeNull();
    // A staff member who has no free time that day leaves the date unbacked for them.
    ev.addStaff(["stf_3"]);
    expect(filterSuggestions({ serviceId: "svc_a", staffId: "stf_3", date: "2031-03-04", slots: ["09:00"] }, ev)).toEqual({
      serviceId: "svc_a",
      staffId: "stf_3",
      date: null,
      slots: [],
    });
  });

  it("infers the date from full slot times, ignores non-objects and caps the slots", () => {
    const ev = new Evidence();
    const many = Array.from({ length: 20 }, (_, i) =>
      slot("stf_1", `${String(9 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`),
    );
    ev.addDay("svc_a", "2031-03-04", many);
    const r = filterSuggestions({ serviceId: "svc_a", slots: many.map((s) => s.startTime) }, ev);
    expect(r.date).toBe("2031-03-04");
    expect(r.slots).toHaveLength(MAX_SUGGESTED_SLOTS);
    for (const raw of [null, "svc_a", ["svc_a"], 7])
      expect(filterSuggestions(raw, ev)).toEqual({ serviceId: null, staffId: null, date: null, slots: [] });
  });
});
