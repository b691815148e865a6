import { loadStripe, type StripeElement, type StripeLike } from "./stripe-js";

/**
 * Stripe's Payment Element on one of our pages (design.md §21, §32): loads Stripe.js for the
 * business's connected account, mounts the element and confirms with it. The booking page's
 * payment step and the gift-card page both pay through this; each keeps its own words and states.
 */
export type PaymentElementStart = {
  stripeJs: string;
  publishableKey: string | null;
  stripeAccount: string;
  /** A PaymentIntent's secret (paying) or a SetupIntent's (saving a card). */
  clientSecret: string | null;
  mode: "payment" | "setup";
  container: HTMLElement;
};

export type MountedPayment = {
  /** Stripe's confirmation in the browser; `error` is Stripe's own message for a declined or incomplete card. */
  confirm(returnUrl: string): Promise<{ ok: true } | { ok: false; message: string | null }>;
  destroy(): void;
};

/** Why the element could not be shown: no key or secret (payments off), or Stripe.js did not load. */
export type PaymentElementProblem = "unavailable" | "load_failed";

export async function mountPaymentElement(opts: PaymentElementStart): Promise<MountedPayment | PaymentElementProblem> {
  if (!opts.clientSecret || !opts.publishableKey) return "unavailable";
  const stripe: StripeLike | null = await loadStripe(opts.stripeJs, opts.publishableKey, opts.stripeAccount);
  if (!stripe) return "load_failed";
  const elements = stripe.elements({ clientSecret: opts.clientSecret });
  let element: StripeElement | null = elements.create("payment");
  element.mount(opts.container);
  return {
    async confirm(returnUrl) {
      const params = { elements, redirect: "if_required" as const, confirmParams: { return_url: returnUrl } };
      const result = opts.mode === "payment" ? await stripe.confirmPayment(params) : await stripe.confirmSetup(params);
      return result.error ? { ok: false, message: result.error.message ?? null } : { ok: true };
    },
    destroy() {
      element?.destroy();
      element = null;
    },
  };
}
