// The availability answer's slot, as the public route and the assistant's suggestions both carry it.

/** One free time on `date` (design.md §16): its wall times and their real instants (UTC, HH:MM each). */
export function slotOn(
  date: string,
  staff: { id: string; name: string },
  [start, end]: [string, string],
  [startUtc, endUtc]: [string, string],
) {
  return {
    staffProfileId: staff.id,
    staffName: staff.name,
    startTime: `${date}T${start}:00`,
    endTime: `${date}T${end}:00`,
    startUtc: `${date}T${startUtc}:00.000Z`,
    endUtc: `${date}T${endUtc}:00.000Z`,
  };
}
