import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type AmountDue,
  amountDue,
  type FeeTerms,
  holdExpiresAt,
  needsCardOnFile,
  refundDeadline,
  visitAmountDue,
} from "../../domain/payments";
import { instantToLocalString } from "../../domain/time";
import { type Config, type Env, loadConfig } from "../../config";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { type Fragment, group, type Part } from "../batch";
import { jobInsert } from "../outbox";
import { CANCEL_INTENT_KIND } from "./job-kinds";
import { createCustomer, createPaymentIntent, createSetupIntent } from "./stripe";

/**
 * The payment step of a public create (design.md §21). The order keeps the create at 2 libSQL
 * round trips + 1 Stripe call: the create's read batch, then the PaymentIntent (its
 * Idempotency-Key and metadata name the booking id chosen up front), then ONE write batch that
 * takes the hold through the same atomic overlap guard as any booking and records the payment
 * beside it. When Stripe refuses or times out nothing has been written: 502
 * payment_provider_error and the slot is free at once. When the guard refuses (someone else took
 * the slot during the Stripe call) a job in the same batch cancels the intent nobody can pay.
 */

export type CheckoutTenant = {
  id: string;
  currency: string;
  timezone: string;
  requirePayment: boolean;
  stripeAccountId: string | null;
  stripeChargesEnabled: boolean;
  noShowFeePercent: number;
  lateCancelFeePercent: number;
  cancellationHours: number;
};

export type CheckoutService = { price: number; depositPercent: number };

export type CheckoutPlan = { due: AmountDue | null; card: boolean; account: string; fees: FeeTerms };

/**
 * design.md §28: the step a recognised customer's booking takes under the business's reliability
 * policy ("blocked" never reaches checkout). `depositPercent`: the policy's share at the deposit step.
 */
export type StepDemand = { step: "none" | "card" | "deposit"; depositPercent: number };

const NO_STEP: StepDemand = { step: "none", depositPercent: 0 };

/** What this booking must settle before it is confirmed; null = nothing (confirmed at once). */
export function checkoutPlan(tenant: CheckoutTenant, service: CheckoutService, demand: StepDemand = NO_STEP): CheckoutPlan | null {
  return visitCheckoutPlan(tenant, [service], demand, (items) => amountDue(items[0].price, items[0].depositPercent, tenant.currency));
}

/** The same for a visit (design.md §26): its items' shares summed. */
export function visitCheckoutPlan(
  tenant: CheckoutTenant,
  items: readonly CheckoutService[],
  demand: StepDemand = NO_STEP,
  due: (items: readonly CheckoutService[]) => AmountDue | null = (list) => visitAmountDue(list, tenant.currency),
): CheckoutPlan | null {
  // The deposit step asks for max(the service's share, the policy's) even where the business takes
  // no payment; where it does, a service paid in full (share 0) stays paid in full.
  const deposit = demand.step === "deposit";
  const shares = deposit
    ? items.map((i) => ({
        ...i,
        depositPercent: tenant.requirePayment && i.depositPercent === 0 ? 0 : stepDepositPercent(i.depositPercent, demand),
      }))
    : items;
  return checkoutPlanFor(tenant, tenant.requirePayment || deposit ? due(shares) : null, demand.step !== "none");
}

function checkoutPlanFor(tenant: CheckoutTenant, due: AmountDue | null, stepped: boolean): CheckoutPlan | null {
  const fees = { noShowFeePercent: tenant.noShowFeePercent, lateCancelFeePercent: tenant.lateCancelFeePercent };
  const canCharge = Boolean(tenant.stripeAccountId && tenant.stripeChargesEnabled);
  // The card and deposit steps keep a card whenever a fee could be charged, as §21 does for everyone.
  const card = (canCharge || stepped) && needsCardOnFile(fees, due);
  if (!due && !card) return null;
  if (!canCharge || !tenant.stripeAccountId) {
    // requirePayment and the policy's steps are only accepted with charges enabled; the account lost them since.
    throw new ApiError("payment_provider_error", "This business cannot take payments right now; please try again later");
  }
  return { due, card, account: tenant.stripeAccountId, fees };
}

const stepDepositPercent = (service: number, demand: StepDemand) => Math.max(service, demand.depositPercent);

/** The `payment` object of the create answer and of GET /api/public/booking/:code/payment. */
export type PaymentStep = {
  amount: number;
  currency: string;
  kind: "deposit" | "full" | null;
  clientSecret: string | null;
  setupClientSecret: string | null;
  publishableKey: string | null;
  stripeAccount: string;
  expiresAt: string;
  /** The booking's price, for "Deposit 12.00 EUR of 40.00 EUR". */
  price: number;
  cancellationHours: number;
  /** Tenant-local wall time until which a customer's cancellation is refunded in full. */
  refundableUntil: string;
  /** Card on file: the fee terms the customer agrees to before saving the card. */
  fees: FeeTerms | null;
  /** design.md §32: with a gift card, what it covered of the amount due and what the card pays (`amount`). */
  giftCardAmount?: number;
  cardAmount?: number;
};

export function paymentStep(
  config: Pick<Config, "STRIPE_PUBLISHABLE_KEY">,
  p: {
    amount: number;
    currency: string;
    kind: "deposit" | "full" | null;
    clientSecret: string | null;
    setupClientSecret: string | null;
    account: string;
    expiresAtMs: number;
    price: number;
    /** The booking's refund deadline (design.md §31: fixed when it was made); epoch ms. */
    refundDeadlineAt: number;
    timezone: string;
    cancellationHours: number;
    fees: FeeTerms | null;
  },
): PaymentStep {
  return {
    amount: p.amount,
    currency: p.currency.toUpperCase(),
    kind: p.kind,
    clientSecret: p.clientSecret,
    setupClientSecret: p.setupClientSecret,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeAccount: p.account,
    expiresAt: new Date(p.expiresAtMs).toISOString(),
    price: p.price,
    cancellationHours: p.cancellationHours,
    refundableUntil: instantToLocalString(p.timezone, p.refundDeadlineAt),
    fees: p.fees,
  };
}

export type StartedCheckout = {
  status: "pending";
  holdExpiresAt: number;
  payment: PaymentStep;
  /**
   * The create's write batch's part: `inserted` is true exactly when the booking row was written.
   * When the guard refused the booking, the intents' cancel jobs are written and enqueued instead.
   */
  effects(db: Db, inserted: SQL, notInserted: SQL): Fragment;
};

/**
 * The Stripe calls of a create that needs payment, before anything is written: a PaymentIntent
 * for the amount due (1 call); with a card on file also a Customer first, and a SetupIntent when
 * nothing is paid now (the deposit's intent saves the card itself: one card entry for the customer).
 */
export async function startCheckout(
  env: Env,
  now: Date,
  plan: CheckoutPlan,
  b: {
    bookingId: string;
    tenant: CheckoutTenant;
    price: number;
    startAt: number;
    customer: { email: string; firstName: string; lastName: string };
  },
): Promise<StartedCheckout> {
  const config = loadConfig(env);
  if (!config.STRIPE_SECRET_KEY) throw new ApiError("payment_provider_error", "Payments are not configured on this platform");
  const metadata = { booking_id: b.bookingId, tenant_id: b.tenant.id };
  const currency = b.tenant.currency;
  const customerId = plan.card
    ? await createCustomer(config, {
        connectedAccountId: plan.account,
        email: b.customer.email,
        name: `${b.customer.firstName} ${b.customer.lastName}`.trim(),
        metadata,
        idempotencyKey: `customer-${b.bookingId}`,
      })
    : null;
  const intent = plan.due
    ? await createPaymentIntent(config, {
        connectedAccountId: plan.account,
        amount: plan.due.amount,
        currency,
        metadata,
        idempotencyKey: `booking-${b.bookingId}-${plan.due.kind}`,
        customerId: customerId ?? undefined,
      })
    : null;
  const setup =
    customerId && !intent
      ? await createSetupIntent(config, {
          connectedAccountId: plan.account,
          customerId,
          metadata,
          idempotencyKey: `setup-${b.bookingId}`,
        })
      : null;

  const expires = holdExpiresAt(now.getTime(), config.PAYMENT_HOLD_MINUTES);
  const t = now.toISOString();
  const paymentId = newId("pay");
  return {
    status: "pending",
    holdExpiresAt: expires,
    payment: paymentStep(config, {
      amount: plan.due?.amount ?? 0,
      currency,
      kind: plan.due?.kind ?? null,
      clientSecret: intent?.clientSecret ?? null,
      setupClientSecret: setup?.clientSecret ?? null,
      account: plan.account,
      expiresAtMs: expires,
      price: b.price,
      refundDeadlineAt: refundDeadline(b.startAt, b.tenant.cancellationHours),
      timezone: b.tenant.timezone,
      cancellationHours: b.tenant.cancellationHours,
      fees: plan.card ? plan.fees : null,
    }),
    effects(db, inserted, notInserted) {
      const parts: Part[] = [];
      if (plan.due && intent) {
        parts.push(
          db.run(sql`
            INSERT INTO payments (id, tenant_id, booking_id, amount, currency, kind, status, stripe_payment_intent_id, client_secret,
                                  stripe_account_id, stripe_customer_id, created_at, updated_at)
            SELECT ${paymentId}, ${b.tenant.id}, ${b.bookingId}, ${plan.due.amount}, ${currency.toUpperCase()}, ${plan.due.kind}, 'pending',
                   ${intent.id}, ${intent.clientSecret}, ${plan.account}, ${customerId}, ${t}, ${t}
            WHERE ${inserted}`),
        );
      }
      if (customerId) {
        parts.push(
          db.run(sql`
            INSERT INTO booking_cards (id, tenant_id, booking_id, stripe_customer_id, stripe_setup_intent_id, setup_client_secret, status, created_at, updated_at)
            SELECT ${newId("crd")}, ${b.tenant.id}, ${b.bookingId}, ${customerId}, ${setup?.id ?? null}, ${setup?.clientSecret ?? null}, 'pending', ${t}, ${t}
            WHERE ${inserted}`),
        );
      }
      // The slot went to someone else during the Stripe call: nobody holds this intent's secret,
      // but it would linger as "incomplete" in the business's dashboard.
      for (const object of [intent ? { paymentIntent: intent.id } : null, setup ? { setupIntent: setup.id } : null]) {
        if (!object) continue;
        parts.push(
          jobInsert(
            db,
            {
              kind: CANCEL_INTENT_KIND,
              tenantId: b.tenant.id,
              payload: { ...object, account: plan.account },
              idempotencyKey: `cancel-${object.paymentIntent ?? object.setupIntent}`,
            },
            now,
            notInserted,
          ),
        );
      }
      // Nothing else to hand on: the confirmation is sent when the payment succeeds.
      return group(parts);
    },
  };
}
