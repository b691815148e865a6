/**
 * Side effects as people read them (design.md §22, §24): the kinds' labels and the states the
 * operator's Jobs page filters by, shared by the owner app, the console and the jobs API.
 */

const KIND_LABELS: Record<string, string> = {
  email: "E-mail",
  webhook: "Webhook",
  "stripe.refund": "Stripe refund",
  "stripe.fee_charge": "Fee charge",
  "stripe.cancel_intent": "Stripe payment cancel",
  "stripe.detach_payment_method": "Card removal at Stripe",
  "booking.reminder": "Reminder e-mail",
  "cloudflare.hostname_delete": "Custom domain removal",
  sms: "Text message",
  "sms.reminder": "Reminder text",
};

/** The kinds the console offers in its filter (any other kind can be typed). */
export const KNOWN_JOB_KINDS = Object.keys(KIND_LABELS);

/** A kind's label; a kind added later shows under its own name until it gets one. */
export const jobKindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

/** "E-mail: booking.confirmed", or the label alone when the type is the kind itself. */
export const jobWhat = (j: { kind: string; type: string }): string =>
  j.kind === j.type ? jobKindLabel(j.kind) : `${jobKindLabel(j.kind)}: ${j.type}`;

/** The states the jobs API lists (`stuck`: sending for longer than the stuck timeout). */
export const JOB_STATES = ["failed", "stuck", "pending", "suppressed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  failed: "Failed",
  stuck: "Stuck",
  pending: "Waiting",
  suppressed: "Suppressed",
};

/** What an empty list of each state means, in plain words. */
export const JOB_STATE_EMPTY: Record<JobState, string> = {
  failed: "No failed jobs: every e-mail, text, webhook and payment call got through or is still being tried.",
  stuck: "No stuck jobs: nothing has been in progress for more than 5 minutes.",
  pending: "Nothing is waiting: every job that is due has run.",
  suppressed: "No suppressed messages.",
};

/** Jobs per page on the console's Jobs page. */
export const JOBS_PAGE_SIZE = 25;
