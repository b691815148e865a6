import { z } from "@hono/zod-openapi";
import { PAYMENT_KINDS, PAYMENT_STATUSES } from "../../domain/payments";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import {
  type AccountStatus,
  connectPastedAccount,
  disconnectStripeAccount,
  getStripeAccount,
  refreshStripeAccount,
  startOnboarding,
} from "../../services/payments/account";
import { createBookingIntent, type PaymentRow } from "../../services/payments/intents";
import { listPayments } from "../../services/payments/queries";
import { type ManualRefund, refundPayment } from "../../services/payments/refunds";
import { idField, limitField, lookupIdParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

const writer = requireRole("owner", "admin");

export const Payment = z
  .object({
    id: z.string(),
    bookingId: z.string().nullable(),
    amount: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    kind: z.enum(PAYMENT_KINDS),
    status: z.enum(PAYMENT_STATUSES),
    stripePaymentIntentId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Payment");

const CreatedIntent = Payment.extend({
  clientSecret: z.string().openapi({ description: "The PaymentIntent's client secret, shown only here" }),
}).openapi("CreatedPaymentIntent");

export const StripeAccount = z
  .object({
    connected: z.boolean(),
    stripeAccountId: z.string().nullable(),
    chargesEnabled: z.boolean(),
    detailsSubmitted: z.boolean(),
  })
  .openapi("StripeAccount");

export const Refund = z
  .object({
    id: z.string(),
    paymentId: z.string(),
    amount: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    status: z.literal("pending").openapi({ description: "Queued; Stripe's answer confirms it" }),
  })
  .openapi("ManualRefund");

type PaymentListRow = Awaited<ReturnType<typeof listPayments>>[number];

/** The list view: never the client secret (it is only in the create response). */
const toPayment = (r: PaymentListRow): z.infer<typeof Payment> => ({
  id: r.id,
  bookingId: r.bookingId,
  amount: r.amount,
  currency: r.currency,
  kind: r.kind,
  status: r.status,
  stripePaymentIntentId: r.stripePaymentIntentId,
  createdAt: r.createdAt,
});

// The client secret is handed out here once and never again (the list leaves it out).
const toCreatedIntent = (r: PaymentRow & { clientSecret: string }): z.infer<typeof CreatedIntent> => ({
  ...toPayment(r),
  clientSecret: r.clientSecret,
});

/** `{ connected, stripeAccountId, chargesEnabled, detailsSubmitted }` (design.md §21). */
export const toAccount = (a: AccountStatus): z.infer<typeof StripeAccount> => ({
  connected: a.connected,
  stripeAccountId: a.stripeAccountId,
  chargesEnabled: a.chargesEnabled,
  detailsSubmitted: a.detailsSubmitted,
});

export const toRefund = (r: ManualRefund): z.infer<typeof Refund> => ({
  id: r.id,
  paymentId: r.paymentId,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
});

const listQuery = z.object({ limit: limitField });
const intentBody = z.object({ bookingId: idField("bookingId", 64) }).strict();
const accountBody = z
  .object({
    accountId: z
      .string()
      .regex(/^acct_[A-Za-z0-9]{1,64}$/, 'Must be a Stripe account id ("acct_...")')
      .openapi({ example: "acct_1Nv0FGQ9RKHgCVdK" }),
  })
  .strict();
const refundBody = z
  .object({
    amount: z
      .number()
      .int("Use whole minor units (cents)")
      .min(1, "A refund is at least 1 (minor unit)")
      .optional()
      .openapi({ description: "Minor units; omitted: everything still refundable" }),
  })
  .strict();

const tags = ["Payments"];

const route = routeGroup({ tags, security: security.owner });
const list = route.get("/", "The business's payments, newest first (never a client secret)", {
  query: listQuery,
  ok: z.array(Payment),
  errors: [400, 401, 403],
});
const intent = route.post("/intents", "A PaymentIntent for what a booking has to pay, on the connected account (owner/admin)", {
  description: "400 stripe_not_connected before a Stripe account is connected; 409 conflict when the booking has nothing to pay.",
  middleware: [writer],
  body: intentBody,
  created: CreatedIntent,
  errors: [400, 401, 403, 404, 409, 502],
});
const account = route.get("/stripe-account", "The connected Stripe account's state as stored (never asks Stripe; POST .../refresh does)", {
  ok: StripeAccount,
  errors: [401, 403],
});
const refreshAccount = route.post(
  "/stripe-account/refresh",
  "Asks Stripe for the connected account's state now and stores it (owner/admin)",
  { middleware: [writer], ok: StripeAccount, errors: [401, 403, 502] },
);
const onboarding = route.post(
  "/stripe-account/onboarding",
  "A Stripe onboarding link (creates the connected account when there is none; owner/admin)",
  {
    middleware: [writer],
    ok: z.object({ url: z.string().openapi({ description: "A single-use Stripe Account Link" }) }),
    errors: [400, 401, 403, 404, 502],
  },
);
const connect = route.put(
  "/stripe-account",
  "Connects a pasted acct_... after Stripe confirms it was made for this business (owner/admin)",
  {
    description:
      "400 stripe_account_mismatch unless Stripe reports the account's metadata.tenant_id as this business (accounts made by the " +
      "onboarding are); 409 stripe_account_taken when another business has it. Every change e-mails the owner.",
    middleware: [writer],
    body: accountBody,
    ok: StripeAccount,
    errors: [400, 401, 403, 409, 502],
  },
);
const disconnect = route.delete("/stripe-account", "Disconnects the Stripe account (and turns requirePayment off; owner/admin)", {
  middleware: [writer],
  ok: StripeAccount,
  errors: [401, 403],
});
const refund = route.post("/{id}/refund", "Refunds (part of) a payment, never more than paid minus refunded (owner/admin)", {
  description: "409 refund_exceeds_payment when more is asked than is left (queued refunds included).",
  middleware: [writer],
  params: lookupIdParam,
  body: refundBody,
  created: Refund,
  errors: [400, 401, 403, 404, 409],
});

/**
 * /api/payments (owner token or API key): the tenant's payments, payment intents, manual refunds,
 * the connected Stripe account and its onboarding (design.md §21). A write key acts as an admin
 * here (design.md §19) and is the audit rows' actor.
 */
export const paymentRoutes = openApiRouter<OwnerEnv>()
  .openapi(list, async (c) => {
    const rows = await listPayments(c.var.services.db, c.var.auth.tenantId, c.req.valid("query").limit);
    return c.json({ data: rows.map(toPayment) }, 200);
  })
  .openapi(intent, async (c) => {
    const { tenantId } = c.var.auth;
    const row = await createBookingIntent(
      c.var.services.db,
      c.var.services.config,
      tenantId,
      c.req.valid("json").bookingId,
      c.var.services.now,
    );
    return c.json({ data: toCreatedIntent(row) }, 201);
  })
  // design.md §31: a read (any role, read keys, impersonation) never calls Stripe nor writes.
  .openapi(account, async (c) => c.json({ data: toAccount(await getStripeAccount(c.var.services.db, c.var.auth.tenantId)) }, 200))
  .openapi(refreshAccount, async (c) => {
    const status = await refreshStripeAccount(c.var.services.db, c.var.services.config, c.var.auth.tenantId, c.var.services.now);
    return c.json({ data: toAccount(status) }, 200);
  })
  // An Account Link is single-use and short-lived: 200, never cached (every /api answer is no-store, src/app.ts).
  .openapi(onboarding, async (c) => {
    const auth = c.var.auth;
    const { url } = await startOnboarding(c.var.services, auth.tenantId, auth.actor);
    return c.json({ data: { url } }, 200);
  })
  .openapi(connect, async (c) => {
    const auth = c.var.auth;
    const status = await connectPastedAccount(c.var.services, auth.tenantId, auth.actor, c.req.valid("json").accountId);
    return c.json({ data: toAccount(status) }, 200);
  })
  .openapi(disconnect, async (c) => {
    const auth = c.var.auth;
    return c.json({ data: toAccount(await disconnectStripeAccount(c.var.services, auth.tenantId, auth.actor)) }, 200);
  })
  // design.md §21: a manual refund, partial allowed, never more than paid minus refunded (queued included).
  .openapi(refund, async (c) => {
    const auth = c.var.auth;
    const refund = await refundPayment(c.var.services, {
      tenantId: auth.tenantId,
      paymentId: c.req.valid("param").id,
      amount: c.req.valid("json").amount,
      actor: auth.actor,
    });
    return c.json({ data: toRefund(refund) }, 201);
  });
