import { type ApiAnswer, errorCode, errorDetails, errorMessage } from "../../shared/http";

/** What went wrong, in plain words: one sentence for the action, and one per field for the form. */
export type Problem = {
  message: string;
  fields: Record<string, string>;
  /** A network failure or a server error: trying the same thing again may work. */
  retry: boolean;
};

/** Sentences for the error codes a page can meet; `context` words override per page. */
const BY_CODE: Record<string, string> = {
  impersonation_read_only: "This is a read-only session: nothing can be changed.",
  forbidden: "Your role in this business does not allow this.",
  not_found: "This record no longer exists. It may have been deleted or moved; reload the page.",
  slot_taken: "That time is no longer free. Pick another time.",
  invalid_transition: "This booking changed meanwhile. Reload it and try again.",
  not_reschedulable: "A cancelled, completed or no-show booking cannot be moved.",
  not_cancellable: "A completed or no-show booking cannot be cancelled.",
  email_taken: "Someone with this e-mail already has an account.",
  conflict: "This clashes with something that already exists.",
  domain_taken: "Another business already uses this domain.",
  domain_provider_error: "Cloudflare did not answer or refused. Nothing was changed; try again in a moment.",
  stripe_not_connected: "Connect a Stripe account that can take card payments first.",
  payment_provider_error: "Stripe did not answer or refused. Nothing was changed; try again in a moment.",
  refund_exceeds_payment: "That is more than what is left to refund on this payment.",
  stripe_account_mismatch:
    "Stripe does not show this account as made for this business. Use “Connect with Stripe” to create or link your own account.",
  stripe_account_taken: "This Stripe account is already connected to another business.",
  ai_unavailable: "The assistant is not available on this platform.",
  ai_provider_error: "The assistant did not answer in time. Please try again.",
  "tenant required": "You are no longer a member of this business.",
  "tenant not found": "This business no longer exists.",
};

export function problemOf(answer: ApiAnswer<unknown>, context: Record<string, string> = {}): Problem {
  if (answer.status === 0) {
    return { message: "We could not reach the server. Check your connection, then try again.", fields: {}, retry: true };
  }
  const code = errorCode(answer) ?? "";
  const details = errorDetails(answer);
  const fields: Record<string, string> = {};
  if (details) for (const [k, v] of Object.entries(details.fieldErrors)) if (v.length) fields[k] = v.join(" ");
  if (context[code]) return { message: context[code], fields, retry: false };
  if (code === "invalid_request") {
    const form = details?.formErrors.join(" ") ?? "";
    return {
      message: form || (Object.keys(fields).length ? "Please correct the fields marked below." : "Please check what you entered."),
      fields,
      retry: false,
    };
  }
  if (answer.status === 429) {
    return { message: "Too many requests in a short time. Wait a few minutes, then try again.", fields, retry: true };
  }
  if (BY_CODE[code]) return { message: BY_CODE[code], fields, retry: false };
  if (answer.status >= 500) return { message: "Something went wrong on our side. Please try again in a moment.", fields, retry: true };
  return { message: errorMessage(answer) ?? `The request failed (HTTP ${answer.status}).`, fields, retry: false };
}
