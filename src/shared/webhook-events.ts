/** Every event type a webhook endpoint can subscribe to (or "*" for all): read by the server and the owner app's settings. */
export const WEBHOOK_EVENT_TYPES = ["booking.created", "booking.cancelled", "booking.rescheduled", "booking.status_changed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
