/**
 * The outbox kinds of the Stripe calls that must not be lost (design.md §21, §22); their handlers
 * are in ./jobs.ts and listed in src/services/outbox/kinds.ts.
 */
export const REFUND_KIND = "stripe.refund";
export const CANCEL_INTENT_KIND = "stripe.cancel_intent";
export const FEE_CHARGE_KIND = "stripe.fee_charge";
/** design.md §25: an erased customer's card on file is detached from the connected account's Customer. */
export const DETACH_CARD_KIND = "stripe.detach_payment_method";
