import type { Config } from "../../config";
import { GIFT_CARD_DEFAULTS, type GiftCardSettings } from "../../shared/gift-cards";

/**
 * Whether a business sells gift cards right now (design.md §32): it turned them on, and its Stripe
 * account can take charges on a platform with Stripe configured. The purchase route, the /gift page
 * and the links to it (booking page, widget) all ask this one question.
 */
export function giftCardsOnSale(
  config: Pick<Config, "STRIPE_SECRET_KEY">,
  tenant: { giftCardSettings: GiftCardSettings | null; stripeAccountId: string | null; stripeChargesEnabled: boolean },
): GiftCardSettings | null {
  const settings = { ...GIFT_CARD_DEFAULTS, ...(tenant.giftCardSettings ?? {}) };
  const sells = settings.enabled && Boolean(tenant.stripeAccountId) && tenant.stripeChargesEnabled && Boolean(config.STRIPE_SECRET_KEY);
  return sells ? settings : null;
}
