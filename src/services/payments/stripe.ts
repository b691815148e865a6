import type { Config } from "../../config";
import { ApiError } from "../../errors";
import { logger } from "../../lib/log";

/**
 * The calls we make to Stripe's HTTP API, over fetch (no SDK: it does not fit Workers' size
 * budget). Form-encoded bodies, Bearer secret key, `Stripe-Account` for the tenant's connected
 * account (direct charges), `Idempotency-Key` so a retried call returns the same object.
 *
 * `stripeRequest` never throws: it says what happened (answered with a status, or not reached),
 * so request paths map it onto 502 payment_provider_error and outbox jobs onto retry/fail.
 */

export const STRIPE_TIMEOUT_MS = 10_000;

/**
 * design.md §23: every call names the API version this code was written and tested against, so
 * a change of the account's default version in Stripe's dashboard cannot change the objects we
 * read. The same version as the official `stripe` package the tests sign events with; the webhook
 * endpoints are created with it too (docs/operations.md).
 */
export const STRIPE_API_VERSION = "2026-10-28.endive";

export type StripeConfig = Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">;
export type Fields = Record<string, string | number | boolean | undefined>;

export type StripeAnswer =
  | { reached: true; ok: boolean; status: number; body: Record<string, unknown> | null }
  | { reached: false; error: string };

export function formEncode(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

export async function stripeRequest(
  config: StripeConfig,
  req: { method: "GET" | "POST"; path: string; fields?: Fields; account?: string | null; idempotencyKey?: string },
): Promise<StripeAnswer> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${config.STRIPE_SECRET_KEY ?? ""}`,
    "Stripe-Version": STRIPE_API_VERSION,
  };
  if (req.account) headers["Stripe-Account"] = req.account;
  if (req.idempotencyKey) headers["Idempotency-Key"] = req.idempotencyKey;
  let body: string | undefined;
  if (req.method === "POST") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = formEncode(req.fields ?? {});
  }
  let res: Response;
  try {
    res = await fetch(`${config.STRIPE_API_BASE.replace(/\/+$/, "")}${req.path}`, {
      method: req.method,
      headers,
      body,
      signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
    });
  } catch (err) {
    return { reached: false, error: String(err).slice(0, 200) };
  }
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { reached: true, ok: res.ok, status: res.status, body: json && typeof json === "object" ? json : null };
}

/** Stripe's own message is safe to show the owner (e.g. "Your card was declined."). */
export function providerMessage(body: unknown): string | null {
  const msg = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof msg === "string" ? msg.slice(0, 200) : null;
}

export function providerCode(body: unknown): string | null {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === "string" ? code : null;
}

/** For request paths: anything but a 2xx answer is 502 payment_provider_error. */
export function okOrThrow(what: string, answer: StripeAnswer): Record<string, unknown> {
  if (!answer.reached) {
    logger.error("stripe request not reached", { call: what, error: answer.error });
    throw new ApiError("payment_provider_error", "The payment provider could not be reached; try again");
  }
  if (!answer.ok || !answer.body) {
    logger.warn("stripe request refused", { call: what, httpStatus: answer.status });
    const detail = providerMessage(answer.body);
    throw new ApiError(
      "payment_provider_error",
      detail ? `The payment provider refused the request: ${detail}` : "The payment provider refused the request",
    );
  }
  return answer.body;
}

const str = (v: unknown) => (typeof v === "string" ? v : null);

function unexpected(): never {
  throw new ApiError("payment_provider_error", "The payment provider sent an unexpected answer");
}

export type PaymentIntentRequest = {
  connectedAccountId: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** Card on file: the Customer to attach the card to, saved for off-session fees. */
  customerId?: string;
};

export type PaymentIntent = { id: string; clientSecret: string };

type OnAccount = { connectedAccountId: string; metadata: Record<string, string>; idempotencyKey: string };

/** A POST on the business's connected account with our metadata, keyed for idempotency: the answer's body. */
async function createOnAccount(config: StripeConfig, what: string, path: string, fields: Fields, req: OnAccount) {
  for (const [k, v] of Object.entries(req.metadata)) fields[`metadata[${k}]`] = v;
  const answer = await stripeRequest(config, {
    method: "POST",
    path,
    fields,
    account: req.connectedAccountId,
    idempotencyKey: req.idempotencyKey,
  });
  return okOrThrow(what, answer);
}

/** An intent's id and the secret the browser confirms it with. */
function intentOf(body: Record<string, unknown>) {
  const id = str(body.id);
  const clientSecret = str(body.client_secret);
  if (!id || !clientSecret) unexpected();
  return { id, clientSecret };
}

/** A PaymentIntent the customer confirms in the browser (direct charge on the connected account). */
export async function createPaymentIntent(config: StripeConfig, req: PaymentIntentRequest): Promise<PaymentIntent> {
  const fields: Fields = {
    amount: req.amount,
    currency: req.currency.toLowerCase(),
    "automatic_payment_methods[enabled]": true,
    customer: req.customerId,
    setup_future_usage: req.customerId ? "off_session" : undefined,
  };
  return intentOf(await createOnAccount(config, "payment intent", "/v1/payment_intents", fields, req));
}

/** A Customer on the connected account, for a card on file. */
export async function createCustomer(config: StripeConfig, req: OnAccount & { email: string; name: string }): Promise<string> {
  const fields: Fields = { email: req.email, name: req.name || undefined };
  return str((await createOnAccount(config, "customer", "/v1/customers", fields, req)).id) ?? unexpected();
}

/** A SetupIntent that saves the customer's card for later off-session charges. */
export async function createSetupIntent(
  config: StripeConfig,
  req: OnAccount & { customerId: string },
): Promise<{ id: string; clientSecret: string }> {
  const fields: Fields = { customer: req.customerId, usage: "off_session", "automatic_payment_methods[enabled]": true };
  return intentOf(await createOnAccount(config, "setup intent", "/v1/setup_intents", fields, req));
}

/** `tenantId`: the business the account's `metadata.tenant_id` names (stamped by our onboarding; design.md §31). */
export type AccountState = { id: string; chargesEnabled: boolean; detailsSubmitted: boolean; tenantId: string | null };

export function accountState(body: Record<string, unknown>): AccountState | null {
  const id = str(body.id);
  if (!id?.startsWith("acct_")) return null;
  const metadata = body.metadata && typeof body.metadata === "object" ? (body.metadata as Record<string, unknown>) : {};
  return {
    id,
    chargesEnabled: body.charges_enabled === true,
    detailsSubmitted: body.details_submitted === true,
    tenantId: str(metadata.tenant_id),
  };
}
