/**
 * The outbox kinds of the Stripe calls that must not be lost (design.md §21, §22); their handlers
 * are in ./jobs.ts and listed in src/services/outbox/kinds.ts.
 */
export const REFUND_KIND = "stripe.refund";
export const CANCEL_INTENT_KIND = "stripe.cancel_intent";
export const FEE_CHARGE_KIND = "stripe.fee_charge";
