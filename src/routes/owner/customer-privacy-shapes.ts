import { z } from "@hono/zod-openapi";
import type { CustomerExport as ExportData } from "../../services/privacy/customer-export";

// design.md §25: what a business hands a customer, and what an erasure answers.

const iso = (ms: number) => new Date(ms).toISOString();

export const CustomerExport = z
  .object({
    customer: z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      notes: z.string(),
      hasAccount: z.boolean(),
      marketingOptIn: z.boolean().nullable().openapi({ description: "The account's marketing consent; null without an account" }),
      erasedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
    bookings: z.array(
      z.object({
        id: z.string(),
        confirmationCode: z.string(),
        status: z.string(),
        source: z.string(),
        serviceName: z.string(),
        staffName: z.string(),
        startDatetime: z.string(),
        endDatetime: z.string(),
        totalAmount: z.number().int(),
        currency: z.string(),
        notes: z.string(),
        cancelReason: z.string().nullable(),
        guestFirstName: z
          .string()
          .nullable()
          .openapi({ description: "The first name typed on this booking, when it differed from the record" }),
        guestLastName: z.string().nullable(),
        guestPhone: z.string().nullable(),
        smsPhone: z.string().nullable().openapi({ description: "The number this booking's texts went to (E.164)" }),
        createdAt: z.string(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        bookingId: z.string(),
        kind: z.string(),
        status: z.string(),
        amount: z.number().int(),
        refundedAmount: z.number().int(),
        currency: z.string(),
        createdAt: z.string(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.string(),
        paymentId: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    messages: z
      .array(
        z.object({
          kind: z.string(),
          channel: z.enum(["email", "sms"]),
          status: z.string(),
          createdAt: z.string(),
          sentAt: z.string().nullable(),
        }),
      )
      .openapi({ description: "Messages sent to the customer: what, how and when, never their content" }),
  })
  .openapi("CustomerExport");

export function toCustomerExport(d: ExportData): z.infer<typeof CustomerExport> {
  return {
    customer: d.customer,
    bookings: d.bookings.map(({ startAt, endAt, ...b }) => ({ ...b, startDatetime: iso(startAt), endDatetime: iso(endAt) })),
    payments: d.payments,
    refunds: d.refunds,
    messages: d.messages,
  };
}

export const Erased = z
  .object({
    id: z.string(),
    erasedAt: z.string(),
    alreadyErased: z.boolean().openapi({ description: "It had been erased before: nothing changed" }),
    cancelledBookingIds: z
      .array(z.string())
      .openapi({ description: "Upcoming bookings cancelled first (?cancelUpcoming=true), refunded in full" }),
  })
  .openapi("CustomerErased");
