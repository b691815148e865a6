import type { Locale } from "../../shared/i18n/locales";
import type { LocalDateTime } from "../../domain/time";
import type { BookingSource } from "../../shared/booking-values";
import type { CustomerInput } from "../bookings/create-types";
import type { PaymentStep } from "../payments/checkout";

/** What a visit's create takes and answers (design.md §26), beside ./create.ts. */

export type VisitItemInput = { serviceId: string; staffProfileId: string };

export type CreateVisitInput = {
  items: VisitItemInput[];
  /** Tenant-local wall time of the first service's start. */
  start: LocalDateTime;
  customer: CustomerInput;
  source: BookingSource;
  customerAccountId?: string | null;
  /** Owner scope only: a free time outside the offered starts (design.md §15). */
  override?: boolean;
  /** Public scope (design.md §31): the Turnstile token and the client's address, as for one booking. */
  captchaToken?: string;
  clientIp?: string;
  /** design.md §30: the language the visit is made in; absent = the business's. */
  locale?: Locale;
  /** Public scope (design.md §32): a gift card paying the visit's amount due first. */
  giftCardCode?: string;
  /** Public scope (design.md §32): a promo code lowering the items it covers, counted once per visit. */
  promoCode?: string;
  /** Public scope (design.md §32): a package paying every item it covers (one credit each), by its code or the signed-in account's. */
  packageCode?: string;
  usePackage?: boolean;
};

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

export type CreatedVisit = {
  /** The visit's id (design.md §26: the result's `id` is the visit's). */
  id: string;
  tenantId: string;
  /** The business's zone (the public answer shows the items' local times). */
  timezone: string;
  confirmationCode: string;
  status: "confirmed" | "pending";
  customerUserId: string | null;
  customerId: string;
  startAt: number;
  endAt: number;
  totalAmount: number;
  currency: string;
  source: BookingSource;
  notes: string;
  items: CreatedVisitItem[];
  payment?: PaymentStep | null;
};
