import { z } from "@hono/zod-openapi";
import { RELIABILITY_STEPS } from "../../shared/reliability";

/** design.md §28: a customer's reliability record as the business sees it (never shown to the customer). */
export const CustomerReliability = z
  .object({
    noShows: z.number().int().openapi({ description: "No-shows over the last 12 months (since the last reset)" }),
    lateCancellations: z.number().int().openapi({ description: "Cancellations by the customer inside the booking's cancellation window" }),
    strikes: z.number().int().openapi({ description: "Both, less one for each booking completed after a strike" }),
    step: z.enum(RELIABILITY_STEPS).openapi({ description: "What the business's policy asks of this customer's next public booking" }),
    trusted: z.boolean().openapi({ description: "Marked trusted: exempt from every step" }),
    resetAt: z.string().nullable().openapi({ description: "When the business last reset the record" }),
  })
  .openapi("CustomerReliability");
