import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import type { Config } from "../../config";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { platformLink } from "../../lib/links";
import { auditInsert } from "../audit";
import { batch } from "../batch";
import { type AccountState, accountState, okOrThrow, stripeRequest } from "./stripe";

/**
 * The tenant's connected Stripe account (Stripe Connect, design.md §21). Changing where a
 * business's money goes is audited in the same atomic batch as the change, and only when it
 * changes. `chargesEnabled`/`detailsSubmitted` are kept current by the signed `account.updated`
 * event (./stripe-events.ts) and refreshed from Stripe when the owner asks.
 */

const t = schema.tenants;

export type AccountStatus = { connected: boolean; stripeAccountId: string | null; chargesEnabled: boolean; detailsSubmitted: boolean };

const toStatus = (r: { accountId: string | null; chargesEnabled: boolean; detailsSubmitted: boolean } | undefined): AccountStatus => ({
  connected: Boolean(r?.accountId),
  stripeAccountId: r?.accountId ?? null,
  chargesEnabled: Boolean(r?.accountId && r.chargesEnabled),
  detailsSubmitted: Boolean(r?.accountId && r.detailsSubmitted),
});

/** The status from a tenant row already read (the owner app's settings view reads the whole row). */
export const accountStatusOf = (r: { stripeAccountId: string | null; stripeChargesEnabled: boolean; stripeDetailsSubmitted: boolean }) =>
  toStatus({ accountId: r.stripeAccountId, chargesEnabled: r.stripeChargesEnabled, detailsSubmitted: r.stripeDetailsSubmitted });

export async function getStripeAccount(db: Db, tenantId: string): Promise<AccountStatus> {
  const [row] = await db
    .select({ accountId: t.stripeAccountId, chargesEnabled: t.stripeChargesEnabled, detailsSubmitted: t.stripeDetailsSubmitted })
    .from(t)
    .where(eq(t.id, tenantId));
  return toStatus(row);
}

function requireKey(config: Config) {
  if (!config.STRIPE_SECRET_KEY) throw new ApiError("stripe_not_connected", "Payments are not configured on this platform");
}

/**
 * One round trip: the audit row (reading the old value) runs first in the batch, then the update.
 * Disconnecting also turns `requirePayment` off: a business without an account cannot take payment.
 */
export async function setStripeAccount(db: Db, tenantId: string, actor: Actor, account: AccountState | null, now: Date) {
  const at = now.toISOString();
  const accountId = account?.id ?? null;
  const action = accountId ? "tenant.stripe_connected" : "tenant.stripe_disconnected";
  const before = sql`(SELECT stripe_account_id FROM tenants WHERE id = ${tenantId})`;
  const b = batch(db);
  b.add(
    auditInsert(
      db,
      {
        action,
        actorType: actor.type,
        actorId: actor.id,
        targetType: "tenant",
        targetId: tenantId,
        diff: sql`json_object('stripeAccountId', json_object('before', ${before}, 'after', ${accountId}))`,
      },
      now,
      sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND stripe_account_id IS NOT ${accountId})`,
    ),
  );
  const updated = b.add(
    db
      .update(t)
      .set({
        stripeAccountId: accountId,
        stripeChargesEnabled: account?.chargesEnabled ?? false,
        stripeDetailsSubmitted: account?.detailsSubmitted ?? false,
        ...(accountId ? {} : { requirePayment: false }),
        updatedAt: at,
      })
      .where(eq(t.id, tenantId))
      .returning({ accountId: t.stripeAccountId, chargesEnabled: t.stripeChargesEnabled, detailsSubmitted: t.stripeDetailsSubmitted }),
  );
  await b.run();
  return toStatus(updated.result()[0]);
}

async function fetchAccount(config: Config, accountId: string) {
  return stripeRequest(config, { method: "GET", path: `/v1/accounts/${encodeURIComponent(accountId)}` });
}

/**
 * PUT with a pasted `acct_...`: Stripe must know the account (connected to this platform) before it
 * is stored. The business is read first: that round trip is where an API key is checked
 * (src/db/guard.ts), so a revoked or read-only key never gets a Stripe call made on its behalf.
 * Two round trips and one call.
 */
export async function connectPastedAccount(db: Db, config: Config, tenantId: string, actor: Actor, accountId: string, now: Date) {
  requireKey(config);
  await getStripeAccount(db, tenantId);
  const answer = await fetchAccount(config, accountId);
  if (answer.reached && !answer.ok && answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
    throw ApiError.field("accountId", "Stripe does not know this account, or it is not connected to this platform");
  }
  const state = accountState(okOrThrow("account", answer));
  if (!state || state.id !== accountId) throw new ApiError("payment_provider_error", "The payment provider sent an unexpected answer");
  return setStripeAccount(db, tenantId, actor, state, now);
}

/** GET ?refresh=true: the account's state as Stripe has it now, stored. Two round trips and one call. */
export async function refreshStripeAccount(db: Db, config: Config, tenantId: string, now: Date): Promise<AccountStatus> {
  const current = await getStripeAccount(db, tenantId);
  if (!current.stripeAccountId || !config.STRIPE_SECRET_KEY) return current;
  const state = accountState(okOrThrow("account", await fetchAccount(config, current.stripeAccountId)));
  if (!state) throw new ApiError("payment_provider_error", "The payment provider sent an unexpected answer");
  const [row] = await db
    .update(t)
    .set({ stripeChargesEnabled: state.chargesEnabled, stripeDetailsSubmitted: state.detailsSubmitted, updatedAt: now.toISOString() })
    .where(sql`${t.id} = ${tenantId} AND ${t.stripeAccountId} = ${state.id}`)
    .returning({ accountId: t.stripeAccountId, chargesEnabled: t.stripeChargesEnabled, detailsSubmitted: t.stripeDetailsSubmitted });
  return row ? toStatus(row) : getStripeAccount(db, tenantId);
}

/**
 * POST /onboarding: the business's connected account (created at Stripe when it has none; a
 * repeated click reuses it through the Idempotency-Key) and a fresh Account Link whose return and
 * refresh URLs lead back to /app/settings.
 */
export async function startOnboarding(db: Db, config: Config, tenantId: string, actor: Actor, now: Date): Promise<{ url: string }> {
  requireKey(config);
  const [tenant] = await db
    .select({ accountId: t.stripeAccountId, email: t.email, country: t.countryCode })
    .from(t)
    .where(eq(t.id, tenantId));
  if (!tenant) throw ApiError.notFound("Business");
  let accountId = tenant.accountId;
  if (!accountId) {
    const body = okOrThrow(
      "account",
      await stripeRequest(config, {
        method: "POST",
        path: "/v1/accounts",
        fields: {
          type: "standard",
          email: tenant.email || undefined,
          country: tenant.country || undefined,
          "metadata[tenant_id]": tenantId,
        },
        idempotencyKey: `account-${tenantId}`,
      }),
    );
    const state = accountState(body);
    if (!state) throw new ApiError("payment_provider_error", "The payment provider sent an unexpected answer");
    await setStripeAccount(db, tenantId, actor, state, now);
    accountId = state.id;
  }
  const link = okOrThrow(
    "account link",
    await stripeRequest(config, {
      method: "POST",
      path: "/v1/account_links",
      fields: {
        account: accountId,
        type: "account_onboarding",
        return_url: platformLink(config, "/app/settings", { stripe: "return" }),
        refresh_url: platformLink(config, "/app/settings", { stripe: "refresh" }),
      },
    }),
  );
  if (typeof link.url !== "string") throw new ApiError("payment_provider_error", "The payment provider sent an unexpected answer");
  return { url: link.url };
}
