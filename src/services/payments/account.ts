import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import type { Config } from "../../config";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { platformLink } from "../../lib/links";
import { auditInsert } from "../audit";
import { batch } from "../batch";
import { stripeAccountChangedEmail } from "../email/payment-templates";
import type { Services } from "../context";
import { emailInsert } from "../outbox";
import { type AccountState, accountState, okOrThrow, stripeRequest } from "./stripe";

/**
 * The tenant's connected Stripe account (Stripe Connect, design.md §21 and §31). Changing where a
 * business's money goes is audited and e-mailed to the owner in the same atomic batch as the
 * change, and only when it changes. `chargesEnabled`/`detailsSubmitted` are kept current by the signed `account.updated`
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

/** GET: the stored state; never a Stripe call, never a write (design.md §31). One round trip. */
export async function getStripeAccount(db: Db, tenantId: string): Promise<AccountStatus> {
  return (await accountRow(db, tenantId)).status;
}

async function accountRow(db: Db, tenantId: string) {
  const [row] = await db
    .select({
      accountId: t.stripeAccountId,
      chargesEnabled: t.stripeChargesEnabled,
      detailsSubmitted: t.stripeDetailsSubmitted,
      businessName: t.businessName,
    })
    .from(t)
    .where(eq(t.id, tenantId));
  if (!row) throw ApiError.notFound("Business");
  return { status: toStatus(row), businessName: row.businessName };
}

function requireKey(config: Config) {
  if (!config.STRIPE_SECRET_KEY) throw new ApiError("stripe_not_connected", "Payments are not configured on this platform");
}

/** The business owner's address (oldest active owner membership), else the business e-mail; read inside the batch. */
const ownerAddress = (tenantId: string) => sql`COALESCE((SELECT u.email FROM tenant_members m JOIN users u ON u.id = m.user_id
    WHERE m.tenant_id = ${tenantId} AND m.role = 'owner' AND m.is_active = 1 ORDER BY m.created_at, m.id LIMIT 1),
  (SELECT NULLIF(email, '') FROM tenants WHERE id = ${tenantId}))`;

/**
 * One round trip. Where a business's money goes is changed only by this batch (design.md §31):
 * one account belongs to one business (the UPDATE is guarded: an account another business has
 * is 409 stripe_account_taken and nothing changes), and a change of the account writes, before the
 * UPDATE and on the same condition, the audit row `tenant.stripe_account_changed` (before/after,
 * read inside the batch) and an e-mail to the owner. Refreshing the flags of the same account
 * writes neither. Disconnecting also turns `requirePayment` off: a business without an account
 * cannot take payment.
 */
export async function setStripeAccount(
  ctx: AccountCtx,
  business: { id: string; name: string },
  actor: Actor,
  account: AccountState | null,
): Promise<AccountStatus> {
  const { db, now } = ctx;
  const tenantId = business.id;
  const at = now.toISOString();
  const accountId = account?.id ?? null;
  const before = sql`(SELECT stripe_account_id FROM tenants WHERE id = ${tenantId})`;
  const free = accountId ? sql`NOT EXISTS (SELECT 1 FROM tenants WHERE stripe_account_id = ${accountId} AND id <> ${tenantId})` : sql`1`;
  const changes = sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND stripe_account_id IS NOT ${accountId}) AND ${free}`;
  const b = batch(db);
  b.add(
    auditInsert(
      db,
      {
        action: "tenant.stripe_account_changed",
        actorType: actor.type,
        actorId: actor.id,
        targetType: "tenant",
        targetId: tenantId,
        diff: sql`json_object('stripeAccountId', json_object('before', ${before}, 'after', ${accountId}))`,
        metadata: { change: accountId ? "connected" : "disconnected" },
      },
      now,
      changes,
    ),
  );
  b.add(
    emailInsert(
      db,
      { ...stripeAccountChangedEmail({ businessName: business.name, accountId, actor }), tenantId, to: ownerAddress(tenantId) },
      now,
      changes,
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
      .where(sql`${t.id} = ${tenantId} AND ${free}`)
      .returning({ accountId: t.stripeAccountId, chargesEnabled: t.stripeChargesEnabled, detailsSubmitted: t.stripeDetailsSubmitted }),
  );
  // The owner's e-mail is enqueued after commit when the account changed.
  await b.run(ctx);
  const [row] = updated.result();
  if (!row) throw new ApiError("stripe_account_taken", "This Stripe account is connected to another business");
  return toStatus(row);
}

/** What the account's writes need of the services context (they enqueue the owner's e-mail themselves). */
export type AccountCtx = Pick<Services, "db" | "config" | "now" | "queue" | "waitUntil">;

/** DELETE: the business's account unlinked (and requirePayment off). Two round trips. */
export async function disconnectStripeAccount(ctx: AccountCtx, tenantId: string, actor: Actor) {
  const { businessName } = await accountRow(ctx.db, tenantId);
  return setStripeAccount(ctx, { id: tenantId, name: businessName }, actor, null);
}

async function fetchAccount(config: Config, accountId: string) {
  return stripeRequest(config, { method: "GET", path: `/v1/accounts/${encodeURIComponent(accountId)}` });
}

/**
 * PUT with a pasted `acct_...`: Stripe must know the account (connected to this platform) and
 * report that it was made for this business (`metadata.tenant_id`, stamped by our onboarding;
 * design.md §31) before it is stored; anything else is 400 stripe_account_mismatch. The account
 * ids of other businesses are not secret (every pending public create names one), so knowing one
 * proves nothing. The business is read first: that round trip is where an API key is checked
 * (src/db/guard.ts), so a revoked or read-only key never gets a Stripe call made on its behalf.
 * Three round trips and one call.
 */
export async function connectPastedAccount(ctx: AccountCtx, tenantId: string, actor: Actor, accountId: string) {
  const { db, config } = ctx;
  requireKey(config);
  const { businessName } = await accountRow(db, tenantId);
  const answer = await fetchAccount(config, accountId);
  if (answer.reached && !answer.ok && answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
    throw ApiError.field("accountId", "Stripe does not know this account, or it is not connected to this platform");
  }
  const state = accountState(okOrThrow("account", answer));
  if (!state || state.id !== accountId) throw new ApiError("payment_provider_error", "The payment provider sent an unexpected answer");
  if (state.tenantId !== tenantId) {
    throw new ApiError(
      "stripe_account_mismatch",
      "Stripe does not report this account as this business's; connect it with “Connect with Stripe” instead",
    );
  }
  return setStripeAccount(ctx, { id: tenantId, name: businessName }, actor, state);
}

/**
 * POST .../refresh (owner/admin): the account's state as Stripe has it now, stored (design.md §31:
 * the GET never calls Stripe or writes). Two round trips and one call.
 */
export async function refreshStripeAccount(db: Db, config: Config, tenantId: string, now: Date): Promise<AccountStatus> {
  const current = (await accountRow(db, tenantId)).status;
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
export async function startOnboarding(ctx: AccountCtx, tenantId: string, actor: Actor): Promise<{ url: string }> {
  const { db, config } = ctx;
  requireKey(config);
  const [tenant] = await db
    .select({ accountId: t.stripeAccountId, email: t.email, country: t.countryCode, businessName: t.businessName })
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
    await setStripeAccount(ctx, { id: tenantId, name: tenant.businessName }, actor, state);
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
