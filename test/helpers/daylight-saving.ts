// What the slot engine (unit) and the availability route (workers) must both give for the same night.

/**
 * The starts of a 60-minute service in a 00:00-05:00 working day on New York's spring-forward night
 * (2026-03-08): 02:00-02:59 does not exist, and the day holds four real hours.
 */
export const NEW_YORK_SPRING_FORWARD_STARTS = [
  "00:00",
  "00:15",
  "00:30",
  "00:45",
  "01:00",
  "01:15",
  "01:30",
  "01:45",
  "03:00",
  "03:15",
  "03:30",
  "03:45",
  "04:00",
];
