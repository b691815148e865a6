/**
 * Gift-card settings of a business (design.md §32), shared by the server (validation, storage) and
 * the owner app's settings section. Money in minor units of the business's currency.
 */
export type GiftCardSettings = {
  enabled: boolean;
  /** 1-6 amounts offered as buttons on the purchase page. */
  presets: number[];
  minAmount: number;
  maxAmount: number;
  validityMonths: number;
};

export const GIFT_CARD_DEFAULTS: GiftCardSettings = {
  enabled: false,
  presets: [2500, 5000, 10000],
  minAmount: 1000,
  maxAmount: 50000,
  validityMonths: 60,
};

/** The purchase's message to the recipient, and how far ahead a delivery date may be. */
export const GIFT_MESSAGE_MAX = 500;
export const GIFT_DELIVERY_MAX_DAYS = 90;
