import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { localDateOf, formatLocalDate } from "../../domain/time";
import { loadConfig, type Env } from "../../config";
import { ApiError } from "../../errors";
import type { Batch, Fragment, Handle, Part } from "../batch";
import { group } from "../batch";
import type { CheckoutPlan, PaymentStep } from "../payments/checkout";
import { typedCodeHash } from "../prepaid/codes";
import {
  type GiftCardRow,
  giftCardCover,
  giftCardGuard,
  giftCardQuery,
  giftCardShortSql,
  giftCardTakeParts,
  type GiftCardTake,
} from "./gift-card-pay";
import { promoCover, promoGuard, promoQuery, promoShortSql, type PromoTake, promoUse } from "./promo-pay";
import type { PromoRow } from "../../domain/promo-codes";
import {
  type PackageAsk,
  packageCover,
  packageGuard,
  packageQuery,
  type PackageRow,
  packageShortSql,
  type PackageTake,
  packageUse,
} from "./package-pay";

const askField = (ask: PackageAsk) => (ask.kind === "code" ? "packageCode" : "usePackage");

/**
 * The prepaid money of a public create (design.md §32), shared by single bookings and visits: a
 * promo code lowers the price before the amount due is computed, then a gift card pays that
 * amount first. Each is read in the create's ONE read batch (no extra round trip), each take is a
 * condition of the booking's own guarded insert, and each write (the card's decrement and
 * redemption, the promo's use) is gated on the booking row in the create's ONE write batch.
 */

/** Public scope (design.md §32): the codes a booking's or a visit's create may name. */
export type PrepaidCodes = {
  /** A gift card paying the amount due first. */
  giftCardCode?: string;
  /** A promo code lowering the items it covers, counted once per booking or visit. */
  promoCode?: string;
  /** A package paying every item it covers (one credit each), by its code or the signed-in account's. */
  packageCode?: string;
  usePackage?: boolean;
};

/** The customer (first-visit promo codes, an account's package) and the services a package may pay for. */
type Who = { email: string; accountId: string | null; serviceIds: readonly string[]; now: Date };

/** An item of the booking: its service and price (a single booking has one, a visit several). */
export type PricedItem = { serviceId: string; price: number };

/** Adds the codes' reads to the create's read batch; `decide` then works out what they cover. */
export async function prepaidReads(env: Env, db: Db, reads: Batch, tenantId: SQL, codes: PrepaidCodes, who: Who) {
  const gift: Handle<GiftCardRow[]> | null =
    codes.giftCardCode === undefined
      ? null
      : reads.add(giftCardQuery(db, tenantId, await typedCodeHash(loadConfig(env), "GC", codes.giftCardCode)));
  const promo: Handle<PromoRow[]> | null = codes.promoCode === undefined ? null : reads.add(promoQuery(db, tenantId, codes.promoCode, who));
  const ask: PackageAsk | null =
    codes.packageCode !== undefined
      ? { kind: "code", hash: await typedCodeHash(loadConfig(env), "PK", codes.packageCode) }
      : codes.usePackage
        ? { kind: "account", accountId: who.accountId }
        : null;
  const pack: Handle<PackageRow[]> | null = ask ? reads.add(packageQuery(db, tenantId, ask, who.serviceIds, who.now.toISOString())) : null;
  return {
    /**
     * What the codes cover of a booking of `items`; `planFor` is the checkout plan (§21) of the
     * items' prices left to pay. 400 fieldErrors.promoCode / giftCardCode / packageCode when a code
     * does not apply.
     */
    decide(p: {
      tenant: { currency: string; timezone: string };
      items: readonly PricedItem[];
      planFor: (prices: readonly number[]) => CheckoutPlan | null;
      now: Date;
    }): PrepaidAtCreate {
      const listed = p.items.map((i) => i.price);
      if (ask && pack) {
        // A session of a package is paid already: nothing else may pay for it.
        if (gift || promo) throw ApiError.field(askField(ask), "A package session cannot be combined with a gift card or a promo code");
        const take = packageCover(
          pack.result()[0],
          ask,
          p.items.map((i) => i.serviceId),
          p.now.getTime(),
        );
        // The items it covers are paid; the others (a visit's) are paid as usual.
        const plan = p.planFor(listed.map((price, i) => (take.covered[i] ? 0 : price)));
        return new PrepaidAtCreate(listed, null, null, plan, take, askField(ask));
      }
      const today = formatLocalDate(localDateOf(p.tenant.timezone, p.now.getTime()));
      const promoTake = promo ? promoCover(promo.result()[0], p.items, today) : null;
      const prices = listed.map((price, i) => price - (promoTake?.discounts[i] ?? 0));
      const fullPlan = p.planFor(prices);
      const cover = gift ? giftCardCover(gift.result()[0], fullPlan, p.tenant.currency, p.now.getTime()) : null;
      return new PrepaidAtCreate(prices, promoTake, cover?.take ?? null, cover ? cover.plan : fullPlan);
    },
  };
}

/** The codes' reads of one create or quote (./pricing.ts decides with them). */
export type PrepaidReads = Awaited<ReturnType<typeof prepaidReads>>;

export class PrepaidAtCreate {
  constructor(
    /** Each item's price after the promo code (a package session keeps its price: it was paid when sold). */
    readonly prices: readonly number[],
    readonly promo: PromoTake | null,
    /** What a gift card covers (and leaves to the card); its take is written only when above 0. */
    readonly giftCover: GiftCardTake | null,
    /** What is left for Stripe (null: nothing; confirmed at once). */
    readonly plan: CheckoutPlan | null,
    readonly packageCredit: PackageTake | null = null,
    /** The field a package's refusal names: packageCode or usePackage. */
    private readonly packageField = "packageCode",
  ) {}

  /** The booking's price after the promo code (a visit's items summed). */
  get price(): number {
    return this.prices.reduce((sum, p) => sum + p, 0);
  }

  /** What is left to pay of the items' prices: the items a package session pays count nothing. */
  get chargedPrice(): number {
    return this.prices.reduce((sum, p, i) => sum + (this.packageCredit?.covered[i] ? 0 : p), 0);
  }

  get giftCard(): GiftCardTake | null {
    return this.giftCover && this.giftCover.amount > 0 ? this.giftCover : null;
  }

  /** No take is written: the create's guard, writes and outcome carry nothing of prepaid money. */
  get takesNothing(): boolean {
    return !this.giftCard && !this.promo && !this.packageCredit;
  }

  /** Conditions of the booking's own guarded insert (AND-ed; empty when no code was sent). */
  guard(now: Date): SQL {
    return sql`${this.giftCard ? sql`AND ${giftCardGuard(this.giftCard, now)}` : sql``}
      ${this.promo ? sql`AND ${promoGuard(this.promo)}` : sql``}
      ${this.packageCredit ? sql`AND ${packageGuard(this.packageCredit, now)}` : sql``}`;
  }

  /** The takes, gated on the booking row (`inserted`). */
  writes(db: Db, booking: { id: string; tenantId: string; currency: string }, now: Date, inserted: SQL): Fragment {
    const parts: Part[] = [];
    if (this.giftCard) parts.push(giftCardTakeParts(db, this.giftCard, booking, now, inserted));
    if (this.promo) parts.push(promoUse(db, this.promo, now, inserted));
    if (this.packageCredit) parts.push(packageUse(db, this.packageCredit, now, inserted));
    return group(parts);
  }

  /** Columns of the create's outcome read: which take lost a race when nothing was written. */
  outcomeSql(now: Date): SQL {
    return sql`${giftCardShortSql(this.giftCard, now)} AS giftShort, ${promoShortSql(this.promo)} AS promoShort,
      ${packageShortSql(this.packageCredit, now)} AS packageShort`;
  }

  /** The 400 for a create that wrote nothing because a take lost its race; null when neither did. */
  lostRace(row: { giftShort?: number; promoShort?: number; packageShort?: number } | undefined): ApiError | null {
    if (row?.packageShort) return ApiError.field(this.packageField, "This package's last session has just been used");
    if (row?.promoShort) return ApiError.field("promoCode", "This promo code has just been used up");
    if (row?.giftShort) return ApiError.field("giftCardCode", "This gift card's balance has just changed; check it and try again");
    return null;
  }

  /** The booking columns (a single booking's; a visit's first item). */
  get columns() {
    return this.itemColumns(0);
  }

  /**
   * Item `i`'s columns. The gift card's take and the promo code's one use hang on the first item
   * (a released visit gives the use back once); each item keeps its own discount, and every item
   * a package session pays names the package (each gives its credit back).
   */
  itemColumns(i: number) {
    const first = i === 0;
    return {
      giftCardId: first ? (this.giftCard?.id ?? null) : null,
      giftCardAmount: first ? (this.giftCard?.amount ?? 0) : 0,
      promoCodeId: first ? (this.promo?.id ?? null) : null,
      promoDiscount: this.promo?.discounts[i] ?? 0,
      packageCreditId: this.packageCredit?.covered[i] ? this.packageCredit.id : null,
    };
  }

  /** The answer's payment step with what the gift card covered. */
  payment(step: PaymentStep): PaymentStep {
    const c = this.giftCover;
    return c ? { ...step, giftCardAmount: c.amount, cardAmount: c.cardAmount } : step;
  }
}
