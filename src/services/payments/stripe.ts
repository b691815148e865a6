import type { Config } from "../../config";
import { ApiError } from "../../errors";

/**
 * The two calls we make to Stripe's HTTP API, over fetch (no SDK: it does not fit Workers' size
 * budget and we need one endpoint). Form-encoded bodies, Bearer secret key, Stripe-Account for
 * the tenant's connected account, Idempotency-Key so a retried create returns the same intent.
 */

export const STRIPE_TIMEOUT_MS = 10_000;

export type PaymentIntentRequest = {
  connectedAccountId: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
};

export type PaymentIntent = { id: string; clientSecret: string };

export function formEncode(fields: Record<string, string | number | boolean>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) params.append(k, String(v));
  return params.toString();
}

/** Stripe's own message is safe to show the owner (e.g. "Amount must be at least $0.50 usd"). */
function providerMessage(body: unknown): string | null {
  const msg = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof msg === "string" ? msg.slice(0, 200) : null;
}

export async function createPaymentIntent(
  config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">,
  req: PaymentIntentRequest,
): Promise<PaymentIntent> {
  const fields: Record<string, string | number | boolean> = {
    amount: req.amount,
    currency: req.currency.toLowerCase(),
    "automatic_payment_methods[enabled]": true,
  };
  for (const [k, v] of Object.entries(req.metadata)) fields[`metadata[${k}]`] = v;
  let res: Response;
  try {
    res = await fetch(`${config.STRIPE_API_BASE.replace(/\/+$/, "")}/v1/payment_intents`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config.STRIPE_SECRET_KEY}`,
        "Content-Type": "application/x-www-form-urlencoded",
        "Stripe-Account": req.connectedAccountId,
        "Idempotency-Key": req.idempotencyKey,
      },
      body: formEncode(fields),
      signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
    });
  } catch (err) {
    console.error("stripe: payment intent request failed", String(err));
    throw new ApiError("payment_provider_error", "The payment provider could not be reached; try again");
  }
  const body = (await res.json().catch(() => null)) as { id?: unknown; client_secret?: unknown } | null;
  if (!res.ok) {
    console.warn(`stripe: payment intent refused with HTTP ${res.status}`);
    const detail = providerMessage(body);
    throw new ApiError(
      "payment_provider_error",
      detail ? `The payment provider refused the request: ${detail}` : "The payment provider refused the request",
    );
  }
  if (typeof body?.id !== "string" || typeof body.client_secret !== "string") {
    throw new ApiError("payment_provider_error", "The payment provider sent an unexpected answer");
  }
  return { id: body.id, clientSecret: body.client_secret };
}
