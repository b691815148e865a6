import type { CreateCommonInput, CreatedCommon } from "../bookings/create-types";

/** What a visit's create takes and answers (design.md §26), beside ./create.ts. */

export type VisitItemInput = { serviceId: string; staffProfileId: string };

export type CreateVisitInput = { items: VisitItemInput[] } & CreateCommonInput;

export type CreatedVisitItem = {
  id: string;
  serviceId: string;
  staffId: string;
  startAt: number;
  endAt: number;
  totalAmount: number;
  /** The processing window stored on the item (0 = none) and the resources it was given (the owner app's calendar). */
  processingOffsetMinutes: number;
  processingMinutes: number;
  resourceIds: string[];
};

export type CreatedVisit = CreatedCommon & {
  /** The business's zone (the public answer shows the items' local times). */
  timezone: string;
  items: CreatedVisitItem[];
};
