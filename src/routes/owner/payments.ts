import { Hono } from "hono";
import { z } from "zod";
import type { OwnerEnv } from "../../env";
import { validate } from "../../lib/validate";
import { idField, limitField } from "../fields";
import { requireRole } from "../../middleware/auth";
import { getStripeAccount, setStripeAccount } from "../../services/payments/account";
import { createBookingIntent, type PaymentRow } from "../../services/payments/intents";
import { listPayments } from "../../services/payments/queries";

/** /api/payments (owner token): the tenant's payments, payment intents, the connected Stripe account. */
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

const toAccount = (accountId: string | null) => ({ connected: accountId !== null, stripeAccountId: accountId });

paymentRoutes.get("/stripe-account", async (c) => {
  return c.json({ data: toAccount(await getStripeAccount(c.var.db, c.var.auth.tenantId)) });
});

paymentRoutes.put("/stripe-account", writer, validate("json", accountBody), async (c) => {
  const auth = c.var.auth;
  const accountId = await setStripeAccount(c.var.db, auth.tenantId, auth.actor, c.req.valid("json").accountId, c.var.now);
  return c.json({ data: toAccount(accountId) });
});

paymentRoutes.delete("/stripe-account", writer, async (c) => {
  const auth = c.var.auth;
  await setStripeAccount(c.var.db, auth.tenantId, auth.actor, null, c.var.now);
  return c.json({ data: toAccount(null) });
});
