/**
 * Every event type a webhook endpoint can subscribe to (or "*" for all of them); docs/webhooks.md
 * shows each. The one list: read by the server (src/services/webhooks/events.ts) and the owner
 * app's settings.
 */
export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "booking.cancelled",
  "booking.rescheduled",
  "booking.status_changed",
  "customer.created",
  "payment.succeeded",
  "payment.failed",
  "payment.refunded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
