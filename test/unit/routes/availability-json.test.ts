import { describe, expect, it } from "vitest";
import { Availability, availabilityJson, toAvailability } from "../../../src/routes/public/availability-shapes";
import type { Availability as AvailabilityView } from "../../../src/services/bookings";

// The availability answer is written as JSON text (a hot path); it must be exactly the mapper's
// `{ data }`, and stay valid JSON whatever a business names its staff.

const slot = (staffId: string, staffName: string, start: string, end: string) => ({
  staffId,
  staffName,
  startTime: `2027-03-14T${start}:00`,
  endTime: `2027-03-14T${end}:00`,
  startUtc: `2027-03-14T${start}:00.000Z`,
  endUtc: `2027-03-14T${end}:00.000Z`,
});

describe("availabilityJson", () => {
  it("is the mapper's answer, field for field and in order, for names JSON must escape", () => {
    const view: AvailabilityView = {
      date: "2027-03-14",
      timezone: "America/New_York",
      slots: [
        slot("stf_1", 'Zoë "Z" O\'Neil', "09:00", "09:30"),
        slot("stf_2", "Back\\slash </script><b>", "09:00", "09:30"),
        slot("stf_1", 'Zoë "Z" O\'Neil', "09:15", "09:45"),
        slot("stf_3", "Tab\tand\nnewline \u2028 😀", "10:00", "10:30"),
      ],
    };
    const text = availabilityJson(view);
    expect(text).toBe(JSON.stringify({ data: toAvailability(view) }));
    expect(Availability.parse(JSON.parse(text).data)).toEqual(toAvailability(view));
  });

  it("writes a day without free times as an empty list", () => {
    const view: AvailabilityView = { date: "2027-12-25", timezone: "Europe/London", slots: [] };
    expect(JSON.parse(availabilityJson(view))).toEqual({ data: { date: "2027-12-25", timezone: "Europe/London", slots: [] } });
  });
});
