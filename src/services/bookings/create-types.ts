import type { LocalDateTime } from "../../domain/time";
import type { BookingSource } from "../../shared/booking-values";
import type { Locale } from "../../shared/i18n/locales";
import type { PaymentStep } from "../payments/checkout";
import type { PrepaidCodes } from "./prepaid-at-create";

// What a booking create (./create.ts) takes and answers; the customer's fields are shared with visits.

/** `email` may be missing only for walk-in and phone bookings made by the business (design.md §15). */
export type CustomerInput = {
  firstName: string;
  lastName?: string;
  email?: string;
  phone?: string;
  notes?: string;
  /** design.md §27: agreed to texts about this booking (the booking form's box, or aloud at the front desk). */
  smsOptIn?: boolean;
};

/** What a single booking's create and a visit's create (../visits/create-types.ts) both take. */
export type CreateCommonInput = {
  /** Tenant-local wall time (parseLocalDateTime of startDatetime); a visit's first service starts then. */
  start: LocalDateTime;
  customer: CustomerInput;
  source: BookingSource;
  /** A verified customer token's account id links the booking; null/undefined = guest (public scope). */
  customerAccountId?: string | null;
  /** Owner scope only: book a free time outside the offered slots (design.md §15). */
  override?: boolean;
  /** Public scope: the Cloudflare Turnstile token of a business with bot protection (design.md §31). */
  captchaToken?: string;
  /** Public scope: the client's address (CF-Connecting-IP), for the hold caps and Turnstile. */
  clientIp?: string;
  /** design.md §30: the language the booking is made in (the body's, else the page's); absent = the business's. */
  locale?: Locale;
} & PrepaidCodes;

export type CreateBookingInput = { serviceId: string; staffProfileId: string } & CreateCommonInput;

/** What a single booking's create and a visit's create (../visits/create-types.ts) both answer. */
export type CreatedCommon = {
  /** The booking's id; a visit's (design.md §26: the result's `id` is the visit's). */
  id: string;
  tenantId: string;
  confirmationCode: string;
  /** pending: held while the customer pays (design.md §21); `payment` says what to pay. */
  status: "confirmed" | "pending";
  customerUserId: string | null;
  customerId: string;
  startAt: number;
  endAt: number;
  totalAmount: number;
  currency: string;
  source: BookingSource;
  notes: string;
  /** Public creates at a business that takes payment: what to pay, or null when nothing is due. */
  payment?: PaymentStep | null;
};

export type CreatedBooking = CreatedCommon & {
  serviceId: string;
  staffId: string;
  /** design.md §26: the processing window stored on the booking (0 = none) and the resources it holds. */
  processingOffsetMinutes: number;
  processingMinutes: number;
  resourceIds: string[];
};
