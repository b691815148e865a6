import { eq, type SQL, sql } from "drizzle-orm";
import { type Db, schema } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { uniqueViolation } from "../../db/unique-violation";
import { slugFromName, withSuffix } from "../auth/slug";
import { batch } from "../batch";
import type { Services } from "../context";
import { prepareDomainChange } from "../domains/claim";

export type BusinessRow = typeof schema.tenants.$inferSelect;

/** What an owner/admin may change on their business (design.md §7): profile and booking settings. */
export type BusinessSettings = Partial<
  Pick<
    BusinessRow,
    | "businessName"
    | "businessType"
    | "description"
    | "logoUrl"
    | "coverImageUrl"
    | "timezone"
    | "currency"
    | "countryCode"
    | "city"
    | "provinceState"
    | "country"
    | "addressLine1"
    | "phone"
    | "email"
    | "cancellationHours"
    | "cancellationPolicy"
    | "allowGuestBooking"
    | "requirePayment"
    | "noShowFeePercent"
    | "lateCancelFeePercent"
    | "aiAssistantEnabled"
    | "botProtection"
    | "widgetColor"
    | "widgetMode"
    | "template"
    | "templateAccent"
    | "customDomain"
    | "minNoticeMinutes"
    | "maxAdvanceDays"
    | "reminderHours"
    | "notificationEmail"
    | "smsConfirmations"
    | "smsReminders"
    | "reliabilityPolicy"
    | "locale"
    | "bookingLanguages"
    | "giftCardSettings"
  >
>;

const { tenants, tenantMembers } = schema;

/** The caller's business (requireOwner has already proven the membership). One round trip. */
export async function getBusiness(db: Db, tenantId: string): Promise<BusinessRow> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!row) throw ApiError.notFound("Business");
  return row;
}

export type BusinessCtx = Pick<Services, "db" | "now" | "config" | "env" | "queue" | "waitUntil">;

/**
 * One batch around one UPDATE ... RETURNING. Turning on payment at booking or a fee (design.md
 * §21) needs a Stripe account that can take charges, checked inside the same UPDATE: else 400
 * stripe_not_connected and nothing changes. A custom domain (design.md §23) is prepared first
 * (its Cloudflare hostname created, ./domains/claim.ts); the statements that free it from an older
 * claim and queue the old hostname's deletion ride in the same batch, gated like the UPDATE. The
 * unique index settles races: a domain another business holds is 409 domain_taken however close
 * the two requests were, and the hostname made for a save that did not happen is deleted again.
 */
export async function updateBusiness(ctx: BusinessCtx, tenantId: string, fields: BusinessSettings): Promise<BusinessRow> {
  const { db, now } = ctx;
  const { customDomain, ...rest } = fields;
  const domain = customDomain === undefined ? null : await prepareDomainChange(ctx, tenantId, customDomain);
  const policy = fields.reliabilityPolicy ?? null;
  // design.md §28: the policy's card and deposit steps take money as §21's payments do.
  const policyCharges = policy !== null && (policy.cardAfter !== null || policy.depositAfter !== null);
  // design.md §32: gift cards are sold through the business's Stripe account like deposits.
  const needsCharges =
    fields.giftCardSettings?.enabled === true ||
    fields.requirePayment === true ||
    (fields.noShowFeePercent ?? 0) > 0 ||
    (fields.lateCancelFeePercent ?? 0) > 0 ||
    policyCharges;
  const canCharge = sql`${tenants.stripeAccountId} IS NOT NULL AND ${tenants.stripeChargesEnabled} = 1`;
  // The card step secures a fee: one of the fees (as this PATCH leaves them) must be above 0.
  const feeAfter = (value: number | undefined, column: SQL) => (value === undefined ? sql`${column} > 0` : sql`${value > 0 ? 1 : 0} = 1`);
  const cardFee = sql`(${feeAfter(fields.noShowFeePercent, sql`${tenants.noShowFeePercent}`)} OR ${feeAfter(fields.lateCancelFeePercent, sql`${tenants.lateCancelFeePercent}`)})`;
  const needsFee = policy !== null && policy.cardAfter !== null;
  const where = sql`${tenants.id} = ${tenantId} ${needsCharges ? sql`AND ${canCharge}` : sql``} ${needsFee ? sql`AND ${cardFee}` : sql``}`;
  // The domain's other statements apply exactly when the UPDATE does (the charge columns stay as they are).
  const gate = sql`EXISTS (SELECT 1 FROM tenants WHERE ${where})`;
  const b = batch(db);
  for (const part of domain?.before(gate) ?? []) b.add(part);
  const updated = b.add(
    db
      .update(tenants)
      .set({ ...rest, ...domain?.set, updatedAt: now.toISOString() })
      .where(where)
      .returning(),
  );
  for (const part of domain?.after(gate) ?? []) b.add(part);
  try {
    await b.run(ctx);
  } catch (err) {
    await domain?.undo();
    if (uniqueViolation(err)?.includes("tenants.custom_domain")) {
      throw new ApiError("domain_taken", "This custom domain is already used by another business");
    }
    throw err;
  }
  const [row] = updated.result();
  if (!row) {
    await domain?.undo();
    if (needsCharges || needsFee) await refusal(db, tenantId, needsCharges, needsFee ? cardFee : null);
    throw ApiError.notFound("Business");
  }
  return row;
}

/** Why a refused settings change was refused (one read, only on this path): charges first, then the card step's fee. */
async function refusal(db: Db, tenantId: string, needsCharges: boolean, cardFee: SQL | null): Promise<never> {
  const [row] = await db.all<{ canCharge: number; hasFee: number }>(sql`
    SELECT (stripe_account_id IS NOT NULL AND stripe_charges_enabled = 1) AS canCharge, ${cardFee ?? sql`1`} AS hasFee
    FROM tenants WHERE id = ${tenantId}`);
  if (!row) throw ApiError.notFound("Business");
  if (needsCharges && !row.canCharge) {
    throw new ApiError("stripe_not_connected", "Connect a Stripe account that can take charges before asking customers to pay");
  }
  if (!row.hasFee) {
    throw ApiError.field(
      "reliabilityPolicy.cardAfter",
      "A card on file secures a fee: set a no-show or late-cancellation fee above 0 first",
    );
  }
  throw ApiError.notFound("Business");
}

export type NewBusinessInput = {
  businessName: string;
  slug?: string;
  businessType?: string;
  timezone?: string;
  currency?: string;
  country?: string;
};

/**
 * Another business for the caller, who becomes its owner: tenant + owner membership in ONE batch.
 * Time zone, currency and country default to the caller's current business (read inside the
 * insert, no extra round trip); the contact e-mail to the caller's own. Slugs follow registration:
 * a chosen slug that is taken is 409 slug_taken (the unique index decides, so a concurrent
 * creation loses cleanly); a derived one is retried with a random suffix.
 */
export async function createBusiness(db: Db, caller: { userId: string; tenantId: string }, input: NewBusinessInput, now: Date) {
  const t = now.toISOString();
  const id = newId("tnt");
  const current = (column: string, fallback: string) =>
    sql`COALESCE((SELECT ${sql.raw(column)} FROM tenants WHERE id = ${caller.tenantId}), ${fallback})`;
  let slug = input.slug ?? slugFromName(input.businessName);
  for (let attempt = 0; ; attempt++) {
    try {
      const [[row]] = await db.batch([
        db
          .insert(tenants)
          .values({
            id,
            slug,
            businessName: input.businessName,
            ...(input.businessType ? { businessType: input.businessType } : {}),
            timezone: input.timezone ?? current("timezone", "UTC"),
            currency: input.currency ?? current("currency", "USD"),
            country: input.country ?? current("country", ""),
            email: sql`COALESCE((SELECT email FROM users WHERE id = ${caller.userId}), '')`,
            plan: "free",
            planStatus: "active",
            isActive: true,
            createdBy: caller.userId,
            createdAt: t,
            updatedAt: t,
          })
          .returning(),
        db
          .insert(tenantMembers)
          .values({ id: newId("mem"), tenantId: id, userId: caller.userId, role: "owner", isActive: true, createdAt: t }),
      ]);
      return row;
    } catch (err) {
      if (uniqueViolation(err)?.includes("tenants.slug")) {
        if (input.slug !== undefined || attempt >= 2) throw new ApiError("slug_taken", "This slug is already in use");
        slug = withSuffix(slug);
        continue;
      }
      throw err;
    }
  }
}
