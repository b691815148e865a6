import { z } from "@hono/zod-openapi";
import { GIFT_CARD_DEFAULTS } from "../../shared/gift-cards";

/** Minor units: up to 1,000,000.00 of any currency. */
const money = (what: string) =>
  z.number().int(`Use whole minor units for ${what}`).min(1, `${what} must be above 0`).max(100_000_000, `${what} is too large`);

/**
 * design.md §32: `giftCards` in PATCH /api/businesses/me, sent whole (a field left out takes its
 * default, so the stored settings never mix two saves). Presets are 1-6 distinct amounts within
 * minAmount..maxAmount.
 */
export const giftCardsField = z
  .object({
    enabled: z.boolean().default(GIFT_CARD_DEFAULTS.enabled),
    presets: z
      .array(money("a preset"))
      .min(1, "Offer at least 1 amount")
      .max(6, "Offer at most 6 amounts")
      .default(GIFT_CARD_DEFAULTS.presets),
    minAmount: money("The smallest amount").default(GIFT_CARD_DEFAULTS.minAmount),
    maxAmount: money("The largest amount").default(GIFT_CARD_DEFAULTS.maxAmount),
    validityMonths: z
      .number()
      .int("Use whole months")
      .min(1, "At least 1 month")
      .max(120, "At most 120 months")
      .default(GIFT_CARD_DEFAULTS.validityMonths),
  })
  .strict()
  .superRefine((g, ctx) => {
    if (g.maxAmount < g.minAmount) ctx.addIssue({ code: "custom", path: ["maxAmount"], message: "Must be at least the smallest amount" });
    g.presets.forEach((p, i) => {
      if (p < g.minAmount || p > g.maxAmount) {
        ctx.addIssue({ code: "custom", path: ["presets", i], message: "Must be between the smallest and the largest amount" });
      }
    });
    if (new Set(g.presets).size !== g.presets.length) ctx.addIssue({ code: "custom", path: ["presets"], message: "Each amount once" });
  })
  .transform((g) => ({ ...g, presets: [...g.presets].sort((a, b) => a - b) }));

export const GiftCardSettingsOut = z
  .object({
    enabled: z.boolean(),
    presets: z.array(z.number().int()),
    minAmount: z.number().int(),
    maxAmount: z.number().int(),
    validityMonths: z.number().int(),
  })
  .openapi("GiftCardSettings", { description: "design.md §32: gift cards sold on /gift?slug= (minor units)" });
