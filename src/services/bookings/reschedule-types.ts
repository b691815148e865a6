import type { LocalDateTime } from "../../domain/time";

// What a move (./reschedule.ts, ../visits/reschedule.ts) takes; a leaf both import.

export type RescheduleInput = {
  /** Tenant-local wall time of the new start. */
  start: LocalDateTime;
  /** Move to another staff member; default: the current one. */
  staffProfileId?: string;
  /** Owner refs only: move to a free time outside the offered slots (as create's override, design.md §15). */
  override?: boolean;
  /** design.md §26, a visit: the staff member of each of its services, in order (absent: each keeps its own). */
  items?: { staffProfileId?: string }[];
};
