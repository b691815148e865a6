import { z } from "@hono/zod-openapi";
import { normalizePromoCode, PROMO_CODE_PATTERN } from "../../domain/promo-codes";
import { parseLocalDate } from "../../domain/time";
import type { OwnerEnv } from "../../env";
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  type PromoCodeRow,
  updatePromoCode,
} from "../../services/prepaid/promo-codes-owner";
import { idField, NOT_EMPTY, notEmpty } from "../fields";
import { openApiRouter } from "../openapi";
import { crudAccess, withListedCrudRoutes } from "./crud-routes";

/** design.md §32, owner side: promo codes (owners and admins: prices are the business's money). */

export const OwnerPromoCode = z
  .object({
    id: z.string(),
    code: z.string().openapi({ description: "Upper-cased; customers may type it in any case", example: "SPRING10" }),
    percentOff: z.number().int().nullable(),
    amountOff: z.number().int().nullable().openapi({ description: "Minor units" }),
    serviceIds: z.array(z.string()).nullable().openapi({ description: "null: every service" }),
    validFrom: z.string().nullable().openapi({ description: "Business-local day it is first accepted (inclusive); null: open" }),
    validTo: z.string().nullable().openapi({ description: "Business-local last day it is accepted (inclusive); null: open" }),
    maxUses: z.number().int().nullable(),
    uses: z.number().int().openapi({ description: "Bookings that used it (a released hold gives its use back)" }),
    firstVisitOnly: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("OwnerPromoCode");

export const toOwnerPromoCode = (r: PromoCodeRow): z.infer<typeof OwnerPromoCode> => ({
  id: r.id,
  code: r.code,
  percentOff: r.percentOff,
  amountOff: r.amountOff,
  serviceIds: r.serviceIds,
  validFrom: r.validFrom,
  validTo: r.validTo,
  maxUses: r.maxUses,
  uses: r.uses,
  firstVisitOnly: r.firstVisitOnly,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const codeField = z
  .string()
  .max(40, "Use 3-32 letters, digits, dashes or underscores")
  .transform(normalizePromoCode)
  .refine((s) => PROMO_CODE_PATTERN.test(s), "Use 3-32 letters, digits, dashes or underscores");
const dayField = z
  .string()
  .max(10, "Use a date YYYY-MM-DD")
  .refine((s) => parseLocalDate(s) !== null, "Use a real date in the form YYYY-MM-DD");
const fields = {
  code: codeField,
  percentOff: z.number().int("A whole percentage").min(1, "At least 1").max(100, "At most 100"),
  amountOff: z.number().int("Use whole minor units (cents)").min(1, "Above 0").max(100_000_000, "That amount is too large"),
  serviceIds: z.array(idField("serviceIds")).min(1, "Name at least one service, or null for all").max(100, "At most 100 services"),
  validFrom: dayField,
  validTo: dayField,
  maxUses: z.number().int("A whole number").min(1, "At least 1").max(1_000_000, "At most 1000000"),
  firstVisitOnly: z.boolean(),
};

const createBody = z
  .object({
    code: fields.code,
    percentOff: fields.percentOff.optional(),
    amountOff: fields.amountOff.optional(),
    serviceIds: fields.serviceIds.nullable().optional(),
    validFrom: fields.validFrom.nullable().optional(),
    validTo: fields.validTo.nullable().optional(),
    maxUses: fields.maxUses.nullable().optional(),
    firstVisitOnly: fields.firstVisitOnly.optional(),
  })
  .strict();

const patchBody = z
  .object({
    code: fields.code.optional(),
    percentOff: fields.percentOff.optional().openapi({ description: "Replaces amountOff" }),
    amountOff: fields.amountOff.optional().openapi({ description: "Replaces percentOff" }),
    serviceIds: fields.serviceIds.nullable().optional(),
    validFrom: fields.validFrom.nullable().optional(),
    validTo: fields.validTo.nullable().optional(),
    maxUses: fields.maxUses.nullable().optional(),
    firstVisitOnly: fields.firstVisitOnly.optional(),
  })
  .strict()
  .refine(notEmpty, NOT_EMPTY);

export const promoCodeRoutes = withListedCrudRoutes(openApiRouter<OwnerEnv>(), {
  tags: ["Promo codes"],
  item: OwnerPromoCode,
  toItem: toOwnerPromoCode,
  access: crudAccess.ownersOnly,
  bodies: { create: createBody, change: patchBody },
  summaries: {
    list: "The business's promo codes with their uses, newest first",
    create: "Creates a promo code: percentOff or amountOff, optionally for some services, some days, a number of uses, first visits",
    change: "Changes a promo code (its uses so far stay counted)",
    remove: "Deletes a promo code: no longer accepted; bookings that used it keep naming it",
  },
  createDescription: "400 fieldErrors.code when another live code of the business has the same code (case-insensitive).",
  list: (s, tenantId) => listPromoCodes(s.db, tenantId),
  create: (s, tenantId, b) =>
    createPromoCode(
      s.db,
      tenantId,
      {
        code: b.code,
        percentOff: b.percentOff ?? null,
        amountOff: b.amountOff ?? null,
        serviceIds: b.serviceIds ?? null,
        validFrom: b.validFrom ?? null,
        validTo: b.validTo ?? null,
        maxUses: b.maxUses ?? null,
        firstVisitOnly: b.firstVisitOnly ?? false,
      },
      s.now,
    ),
  change: (s, tenantId, id, v) => updatePromoCode(s.db, tenantId, id, v, s.now),
  remove: (s, tenantId, id) => deletePromoCode(s.db, tenantId, id, s.now),
});
