import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { offerByHand, type OwnerWaitlistEntry, waitlistOfDay } from "../../services/waitlist/owner";
import { idField, localDateField, localDateTimeField, lookupIdParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

/** design.md §28, owner side: the waitlist of a day, and offering a time by hand (owners and admins). */

const writers = requireRole("owner", "admin");
const tags = ["Waitlist"];

const LocalTimes = z.object({ start: z.string(), end: z.string() });
export const OwnerWaitlistEntrySchema = z
  .object({
    id: z.string(),
    status: z.enum(["waiting", "booked", "left", "ended"]).openapi({ description: "ended: its last window has passed" }),
    service: z.object({ id: z.string(), name: z.string() }),
    staff: z
      .object({ id: z.string(), displayName: z.string() })
      .nullable()
      .openapi({ description: "null: anyone who performs the service" }),
    customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
    windows: z.array(LocalTimes).openapi({ description: "Tenant-local YYYY-MM-DDTHH:MM:SS" }),
    offers: z.array(z.object({ staffId: z.string(), start: z.string(), via: z.enum(["auto", "owner"]), createdAt: z.string() })),
    createdAt: z.string(),
  })
  .openapi("OwnerWaitlistEntry");
const WaitlistDay = z.object({ date: z.string(), entries: z.array(OwnerWaitlistEntrySchema) }).openapi("OwnerWaitlistDay");
const HandOfferSchema = z
  .object({ entryId: z.string(), staffId: z.string(), start: z.string(), end: z.string() })
  .openapi("WaitlistHandOffer");

export const toOwnerWaitlistEntry = (e: OwnerWaitlistEntry): z.infer<typeof OwnerWaitlistEntrySchema> => ({
  id: e.id,
  status: e.status,
  service: { id: e.service.id, name: e.service.name },
  staff: e.staff ? { id: e.staff.id, displayName: e.staff.displayName } : null,
  customer: { firstName: e.customer.firstName, lastName: e.customer.lastName, email: e.customer.email, phone: e.customer.phone },
  windows: e.windows.map((w) => ({ start: w.start, end: w.end })),
  offers: e.offers.map((o) => ({ staffId: o.staffId, start: o.start, via: o.via, createdAt: o.createdAt })),
  createdAt: e.createdAt,
});

const route = routeGroup({ tags, security: security.owner });
const day = route.get("/", "The waitlist of a day: every entry with a window on that tenant-local date, oldest first, with its offers", {
  query: z.object({ date: localDateField.openapi({ description: "YYYY-MM-DD", example: "2031-03-11" }) }).strict(),
  ok: WaitlistDay,
  errors: [400, 401, 403],
});
const offer = route.post(
  "/{id}/offer",
  "Offers a free time to a waiting customer by hand: e-mail (and text with consent) with a link that opens it (owner/admin)",
  {
    description: "409 slot_taken when the customer could not book that time now; 409 conflict when the entry no longer waits.",
    middleware: [writers],
    params: lookupIdParam,
    body: z.object({ staffProfileId: idField("staffProfileId"), startDatetime: localDateTimeField("startDatetime") }).strict(),
    created: HandOfferSchema,
    errors: [400, 401, 403, 404, 409],
  },
);

/** Mounted at /api/waitlist. */
export const waitlistRoutes = openApiRouter<OwnerEnv>()
  .openapi(day, async (c) => {
    const result = await waitlistOfDay(c.var.services.db, c.var.auth.tenantId, c.req.valid("query").date, c.var.services.now);
    return c.json({ data: { date: result.date, entries: result.entries.map(toOwnerWaitlistEntry) } }, 200);
  })
  .openapi(offer, async (c) => {
    const body = c.req.valid("json");
    const made = await offerByHand(c.var.services, c.var.auth.tenantId, c.req.valid("param").id, {
      staffId: body.staffProfileId,
      start: body.startDatetime,
    });
    return c.json({ data: { entryId: made.entryId, staffId: made.staffId, start: made.start, end: made.end } }, 201);
  });
