import { Hono } from "hono";
import { z } from "zod";
import type { OwnerEnv } from "../../env";
import { validate } from "../../lib/validate";
import { requireRole } from "../../middleware/auth";
import {
  type AccountStatus,
  connectPastedAccount,
  getStripeAccount,
  refreshStripeAccount,
  setStripeAccount,
  startOnboarding,
} from "../../services/payments/account";
import { createBookingIntent, type PaymentRow } from "../../services/payments/intents";
import { listPayments } from "../../services/payments/queries";
import { type ManualRefund, refundPayment } from "../../services/payments/refunds";
import { bookingCtx } from "../context";
import { idField, limitField } from "../fields";

/**
 * /api/payments (owner token or API key): the tenant's payments, payment intents, manual refunds,
 * the connected Stripe account and its onboarding (design.md §21). A write key acts as an admin
 * here (design.md §19) and is the audit rows' actor.
 */
export const paymentRoutes = new Hono<OwnerEnv>();

const writer = requireRole("owner", "admin");

type PaymentListRow = Awaited<ReturnType<typeof listPayments>>[number];

/** The list view: never the client secret (it is only in the create response). */
const toPayment = (r: PaymentListRow) => ({
  id: r.id,
  bookingId: r.bookingId,
  amount: r.amount,
  currency: r.currency,
  kind: r.kind,
  status: r.status,
  stripePaymentIntentId: r.stripePaymentIntentId,
  createdAt: r.createdAt,
});

const listQuery = z.object({ limit: limitField });

paymentRoutes.get("/", validate("query", listQuery), async (c) => {
  const rows = await listPayments(c.var.db, c.var.auth.tenantId, c.req.valid("query").limit);
  return c.json({ data: rows.map(toPayment) });
});

// The client secret is handed out here once and never again (the list leaves it out).
const toCreatedIntent = (r: PaymentRow & { clientSecret: string }) => ({ ...toPayment(r), clientSecret: r.clientSecret });

const intentBody = z.object({ bookingId: idField("bookingId", 64) }).strict();

paymentRoutes.post("/intents", writer, validate("json", intentBody), async (c) => {
  const { tenantId } = c.var.auth;
  const row = await createBookingIntent(c.var.db, c.var.config, tenantId, c.req.valid("json").bookingId, c.var.now);
  return c.json({ data: toCreatedIntent(row) }, 201);
});

const accountBody = z
  .object({ accountId: z.string().regex(/^acct_[A-Za-z0-9]{1,64}$/, 'Must be a Stripe account id ("acct_...")') })
  .strict();

/** `{ connected, stripeAccountId, chargesEnabled, detailsSubmitted }` (design.md §21). */
export const toAccount = (a: AccountStatus) => ({
  connected: a.connected,
  stripeAccountId: a.stripeAccountId,
  chargesEnabled: a.chargesEnabled,
  detailsSubmitted: a.detailsSubmitted,
});

const accountQuery = z.object({ refresh: z.enum(["true", "false", "1", "0"]).optional() }).strict();

paymentRoutes.get("/stripe-account", validate("query", accountQuery), async (c) => {
  const { tenantId } = c.var.auth;
  const refresh = ["true", "1"].includes(c.req.valid("query").refresh ?? "");
  const status = refresh
    ? await refreshStripeAccount(c.var.db, c.var.config, tenantId, c.var.now)
    : await getStripeAccount(c.var.db, tenantId);
  return c.json({ data: toAccount(status) });
});

// An Account Link is single-use and short-lived: 200, never cached (every /api answer is no-store, src/app.ts).
paymentRoutes.post("/stripe-account/onboarding", writer, async (c) => {
  const auth = c.var.auth;
  return c.json({ data: await startOnboarding(c.var.db, c.var.config, auth.tenantId, auth.actor, c.var.now) });
});

paymentRoutes.put("/stripe-account", writer, validate("json", accountBody), async (c) => {
  const auth = c.var.auth;
  const status = await connectPastedAccount(c.var.db, c.var.config, auth.tenantId, auth.actor, c.req.valid("json").accountId, c.var.now);
  return c.json({ data: toAccount(status) });
});

paymentRoutes.delete("/stripe-account", writer, async (c) => {
  const auth = c.var.auth;
  return c.json({ data: toAccount(await setStripeAccount(c.var.db, auth.tenantId, auth.actor, null, c.var.now)) });
});

const refundBody = z
  .object({ amount: z.number().int("Use whole minor units (cents)").min(1, "A refund is at least 1 (minor unit)").optional() })
  .strict();

export const toRefund = (r: ManualRefund) => ({
  id: r.id,
  paymentId: r.paymentId,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
});

// design.md §21: a manual refund, partial allowed, never more than paid minus refunded (queued included).
paymentRoutes.post("/:id/refund", writer, validate("json", refundBody), async (c) => {
  const auth = c.var.auth;
  const refund = await refundPayment(bookingCtx(c), {
    tenantId: auth.tenantId,
    paymentId: c.req.param("id"),
    amount: c.req.valid("json").amount,
    actor: auth.actor,
  });
  return c.json({ data: toRefund(refund) }, 201);
});
