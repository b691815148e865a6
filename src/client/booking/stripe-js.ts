/**
 * The part of Stripe.js v3 the payment step uses, typed here (the SDK's types are not a
 * dependency), and its loader: a <script src> added only when the payment step opens, from
 * STRIPE_JS_URL (CSP allows exactly Stripe's hosts, and the configured origin, on booking pages).
 */
import { loadGlobalScript } from "../shared/script";

export type StripeElement = { mount(node: HTMLElement): void; destroy(): void };
type Elements = { create(type: "payment"): StripeElement };
type ConfirmResult = { error?: { message?: string; type?: string; code?: string } };
type ConfirmParams = { elements: Elements; redirect: "if_required"; confirmParams: { return_url: string } };

export type StripeLike = {
  elements(options: { clientSecret: string }): Elements;
  confirmPayment(params: ConfirmParams): Promise<ConfirmResult>;
  confirmSetup(params: ConfirmParams): Promise<ConfirmResult>;
};

type StripeFactory = (publishableKey: string, options: { stripeAccount: string }) => StripeLike;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<StripeFactory | null> | null = null;

/** Stripe for the business's connected account (direct charges), or null when Stripe.js cannot load. */
export async function loadStripe(src: string, publishableKey: string, stripeAccount: string): Promise<StripeLike | null> {
  // A script that failed to load is tried again by the next call.
  loading ??= loadGlobalScript(
    src,
    () => window.Stripe,
    () => {
      loading = null;
    },
  );
  const factory = await loading;
  return factory ? factory(publishableKey, { stripeAccount }) : null;
}
