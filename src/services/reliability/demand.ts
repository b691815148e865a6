import { ApiError } from "../../errors";
import { RESTRICTED_MESSAGE, type ReliabilityPolicy } from "../../shared/reliability";
import type { StepDemand } from "../payments/checkout";
import { decodeRecord } from "./record";

/**
 * design.md §28 on a public create (a booking's or a visit's): the step the business's policy asks
 * of this customer, from the record read in the create's one read (./record.ts). The customer is
 * told only the step: a payment to make, or 403 booking_restricted.
 */
export function reliabilityDemand(
  tenant: { reliabilityPolicy: ReliabilityPolicy | null },
  cell: string | null,
  /** The customer's number read by the business's country (e164Of), parsed once by the caller. */
  phone: string | null,
  now: Date,
): { blocked: boolean; checkout: StepDemand } {
  const policy = tenant.reliabilityPolicy;
  const record = decodeRecord(cell, policy, now.getTime(), phone);
  const step = record.step;
  return {
    blocked: step === "blocked",
    checkout: { step: step === "blocked" ? "none" : step, depositPercent: policy?.depositPercent ?? 0 },
  };
}

export const bookingRestricted = (tenant: { businessName: string }) =>
  new ApiError("booking_restricted", `${RESTRICTED_MESSAGE.replace("This business", tenant.businessName || "This business")}`);
