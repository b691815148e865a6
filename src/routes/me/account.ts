import { z } from "@hono/zod-openapi";
import type { CustomerEnv } from "../../env";
import { instantToLocalString } from "../../domain/time";
import { type AccountExport, deleteAccount, exportAccount } from "../../services/privacy/account";
import { CustomerProfile } from "../auth/sign-in-shapes";
import { loginPasswordField } from "../fields";
import { openApiRouter, Removed, routeGroup, security } from "../openapi";
import { customerBookingTermsFields } from "./bookings";

// design.md §25: a customer takes their data with them, or deletes their account.

export const AccountExportView = z
  .object({
    // The account is the same profile GET /api/customer-auth/me answers.
    account: CustomerProfile,
    bookings: z.array(
      z.object({
        id: z.string(),
        businessName: z.string(),
        businessSlug: z.string(),
        serviceName: z.string(),
        staffName: z.string(),
        status: z.string(),
        ...customerBookingTermsFields,
        notes: z.string(),
        createdAt: z.string(),
        payments: z.array(
          z.object({
            kind: z.string(),
            status: z.string(),
            amount: z.number().int(),
            refundedAmount: z.number().int(),
            currency: z.string(),
          }),
        ),
      }),
    ),
  })
  .openapi("AccountExport");

export function toAccountExport(d: AccountExport): z.infer<typeof AccountExportView> {
  return {
    account: d.account,
    bookings: d.bookings.map(({ startAt, endAt, ...b }) => ({
      ...b,
      startDatetime: instantToLocalString(b.timezone, startAt),
      endDatetime: instantToLocalString(b.timezone, endAt),
    })),
  };
}

const route = routeGroup({ tags: ["Customer"], security: security.customer });
const exportRoute = route.get("/export", "The account and every business's bookings made with it, with what was paid", {
  ok: AccountExportView,
  errors: [401, 429],
});

const deleteBody = z.object({ password: loginPasswordField.describe("The account's password, to confirm") }).strict();

const deleteRoute = route.delete("/", "Deletes the account and its sessions; each business keeps its own customer record, unlinked", {
  body: deleteBody,
  ok: Removed,
  errors: [400, 401, 429],
});

/** GET /api/me/export and DELETE /api/me (requireCustomer and the `me` rate limit apply). */
export const accountRoutes = openApiRouter<CustomerEnv>()
  .openapi(exportRoute, async (c) => c.json({ data: toAccountExport(await exportAccount(c.var.services.db, c.var.auth.customerId)) }, 200))
  .openapi(deleteRoute, async (c) => {
    const data = await deleteAccount(c.var.services.db, c.var.auth.customerId, c.req.valid("json").password, c.var.services.now);
    return c.json({ data }, 200);
  });
