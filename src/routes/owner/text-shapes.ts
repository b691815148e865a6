import { z } from "@hono/zod-openapi";
import type { BookingTexts, CustomerTexts as CustomerTextsRow, TextRecord } from "../../services/sms/records";

// Response schemas of texts (design.md §27) in the owner API: a customer's texts and a booking's.

const TEXT_STATUSES = ["pending", "queued", "sent", "delivered", "undelivered", "failed", "suppressed", "cancelled", "received"] as const;

export const TextMessage = z
  .object({
    id: z.string(),
    direction: z.enum(["out", "in"]).openapi({ description: "out: sent to the customer; in: received from them" }),
    body: z.string(),
    kind: z.string().nullable().openapi({
      description:
        "Sent: confirmation, reminder, moved, cancelled, waitlist_offer, reply_*, help. Received: what it meant (confirm, cancel, opt_out, opt_in, other)",
    }),
    status: z.enum(TEXT_STATUSES).openapi({
      description:
        "Sent texts: pending (waiting to go), queued (Twilio took it), sent, delivered, undelivered, failed, suppressed (monthly limit or opt-out), cancelled; received texts: received",
    }),
    error: z.string().nullable().openapi({ description: "Why it failed or was suppressed" }),
    segments: z.number().int(),
    phone: z.string().openapi({ description: "The customer's number (E.164)" }),
    bookingId: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable().openapi({ description: "When Twilio took it (sent texts)" }),
  })
  .openapi("TextMessage");

const statusOf = (s: string): (typeof TEXT_STATUSES)[number] =>
  (TEXT_STATUSES as readonly string[]).includes(s) ? (s as never) : "pending";

export function toTextMessage(m: TextRecord): z.infer<typeof TextMessage> {
  return {
    id: m.id,
    direction: m.direction,
    body: m.body,
    kind: m.template,
    status: statusOf(m.status),
    error: m.error,
    segments: m.segments,
    phone: m.phone,
    bookingId: m.bookingId,
    createdAt: m.createdAt,
    sentAt: m.sentAt,
  };
}

export const CustomerTexts = z
  .object({
    phone: z.string().openapi({ description: "The number on the customer's record, as typed" }),
    e164: z.string().nullable().openapi({ description: "Its E.164 form; null when it cannot be read as a phone number" }),
    problem: z.string().nullable().openapi({ description: "Why this number gets no texts, in words; null when it can" }),
    optedOut: z.boolean().openapi({ description: "The number replied STOP" }),
    messages: z.array(TextMessage).openapi({ description: "The latest texts, newest first" }),
    hasMore: z.boolean().openapi({ description: "Older texts exist (GET /api/customers/:id/messages?before=)" }),
  })
  .openapi("CustomerTexts");

export function toCustomerTexts(t: CustomerTextsRow): z.infer<typeof CustomerTexts> {
  return { ...t, messages: t.messages.map(toTextMessage) };
}

export const BookingTextsShape = z
  .object({
    optIn: z.boolean().openapi({ description: "The customer agreed to texts about this booking" }),
    phone: z.string().openapi({ description: "The number given with the booking, as typed" }),
    e164: z.string().nullable(),
    problem: z.string().nullable().openapi({ description: "Why texts about this booking do not go out, in words; null when they do" }),
  })
  .openapi("BookingTexts");

export const toBookingTexts = (t: BookingTexts): z.infer<typeof BookingTextsShape> => ({ ...t });
