import type { AppKey } from "../../../shared/i18n/app/en";
import { t } from "../shell/i18n";
import { type ApiAnswer, errorCode, errorDetails, errorMessage } from "../../shared/http";

/** What went wrong, in plain words: one sentence for the action, and one per field for the form. */
export type Problem = {
  message: string;
  fields: Record<string, string>;
  /** A network failure or a server error: trying the same thing again may work. */
  retry: boolean;
};

/** The codes whose sentences are translated (design.md §30); the rest below are English until their pages are. */
const TRANSLATED: Record<string, AppKey> = {
  impersonation_read_only: "problem.readOnly",
  forbidden: "problem.forbidden",
  not_found: "problem.notFound",
  slot_taken: "problem.slotTaken",
  invalid_transition: "bd.problem.changed",
  not_reschedulable: "bd.problem.notMovable",
  not_cancellable: "bd.problem.notCancellable",
  refund_exceeds_payment: "bd.problem.refundTooMuch",
  payment_provider_error: "bd.problem.stripe",
};

/** Sentences for the error codes a page can meet; `context` words override per page. */
const BY_CODE: Record<string, string> = {
  email_taken: "Someone with this e-mail already has an account.",
  conflict: "This clashes with something that already exists.",
  domain_taken: "Another business already uses this domain.",
  domain_provider_error: "Cloudflare did not answer or refused. Nothing was changed; try again in a moment.",
  stripe_not_connected: "Connect a Stripe account that can take card payments first.",
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
    return { message: t("problem.offline"), fields: {}, retry: true };
  }
  const code = errorCode(answer) ?? "";
  const details = errorDetails(answer);
  const fields: Record<string, string> = {};
  if (details) for (const [k, v] of Object.entries(details.fieldErrors)) if (v.length) fields[k] = v.join(" ");
  if (context[code]) return { message: context[code], fields, retry: false };
  if (code === "invalid_request") {
    const form = details?.formErrors.join(" ") ?? "";
    return {
      message: form || (Object.keys(fields).length ? t("problem.fields") : t("problem.check")),
      fields,
      retry: false,
    };
  }
  if (answer.status === 429) {
    return { message: t("problem.tooMany"), fields, retry: true };
  }
  const key = TRANSLATED[code];
  if (key) return { message: t(key), fields, retry: false };
  if (BY_CODE[code]) return { message: BY_CODE[code], fields, retry: false };
  if (answer.status >= 500) return { message: t("problem.server"), fields, retry: true };
  return { message: errorMessage(answer) ?? `The request failed (HTTP ${answer.status}).`, fields, retry: false };
}
