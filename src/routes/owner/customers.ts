import { Hono } from "hono";
import { z } from "zod";
import type { OwnerEnv } from "../../env";
import { validate } from "../../lib/validate";
import { requireRole } from "../../middleware/auth";
import { type CustomerRow, getCustomer, listCustomers, updateCustomer } from "../../services/owner/customers";
import { toOwnerBooking } from "./booking-shapes";
import { limitField, NOT_EMPTY, notEmpty } from "../fields";

const listQuery = z
  .object({
    search: z
      .string()
      .trim()
      .max(200, "search must be at most 200 characters")
      .optional()
      .transform((v) => v || undefined),
    limit: limitField,
  })
  .strict();

/** A business may correct a customer's name and phone and keep notes; the e-mail is the record's key. */
const patchBody = z
  .object({
    firstName: z.string().trim().min(1, "First name is required").max(100, "First name must be at most 100 characters"),
    lastName: z.string().trim().max(100, "Last name must be at most 100 characters"),
    phone: z.string().trim().max(40, "Phone must be at most 40 characters"),
    notes: z.string().max(2000, "Notes must be at most 2000 characters"),
  })
  .partial()
  .strict()
  .refine(notEmpty, NOT_EMPTY);

/** A tenant's customer record. `hasAccount`: linked to a global customer account (whose id is not shown). */
export function toOwnerCustomer(r: CustomerRow) {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    notes: r.notes,
    hasAccount: r.customerAccountId !== null,
    bookingCount: r.bookingCount,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const writers = requireRole("owner", "admin");

/** /api/customers (owner token; requireOwner applied in ./index.ts). */
export const customersRoutes = new Hono<OwnerEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    const rows = await listCustomers(c.var.db, c.var.auth.tenantId, c.req.valid("query"));
    return c.json({ data: rows.map(toOwnerCustomer) });
  })
  .get("/:id", async (c) => {
    const row = await getCustomer(c.var.db, c.var.auth.tenantId, c.req.param("id"));
    return c.json({
      data: {
        ...toOwnerCustomer(row),
        recentBookings: row.recentBookings.map((b) => ({
          ...toOwnerBooking(b),
          service: { id: b.serviceId, name: b.serviceName },
          staff: { id: b.staffId, displayName: b.staffName },
        })),
      },
    });
  })
  .patch("/:id", writers, validate("json", patchBody), async (c) => {
    const row = await updateCustomer(c.var.db, c.var.auth.tenantId, c.req.param("id"), c.req.valid("json"), c.var.now);
    return c.json({ data: toOwnerCustomer(row) });
  });
