import { z } from "@hono/zod-openapi";
import type { AccountPackage } from "../../services/prepaid/account-packages";

export const AccountPackageShape = z
  .object({
    id: z.string(),
    businessSlug: z.string().openapi({ description: "The business whose services it pays for" }),
    name: z.string().openapi({ description: "The package as the business named it" }),
    serviceIds: z.array(z.string()).openapi({ description: "The services one session pays for" }),
    credits: z.number().int().openapi({ description: "Sessions left" }),
    expiresAt: z.string().nullable(),
    codeLast4: z.string().nullable().openapi({ description: "The last 4 characters of its PK- code (the code itself is never stored)" }),
    state: z
      .enum(["active", "empty", "expired", "void"])
      .openapi({ description: "Only `active` pays for a booking: `empty` has no session left, `expired` and `void` no longer count" }),
  })
  .openapi("AccountPackage");

/** A package the account holds; `pending` (unpaid) ones are never listed, so the state is one of the four. */
export function toAccountPackage(p: AccountPackage): z.infer<typeof AccountPackageShape> {
  return {
    id: p.id,
    businessSlug: p.businessSlug,
    name: p.name,
    serviceIds: p.serviceIds,
    credits: p.credits,
    expiresAt: p.expiresAt,
    codeLast4: p.last4,
    state: p.state === "pending" ? "void" : p.state,
  };
}
