import { z } from "@hono/zod-openapi";
import { idField, presence } from "./fields";

// design.md §26's field rules (resources, visits), beside the field library ./fields.ts and
// like it shared by every caller group that books or lists visits.

/**
 * design.md §26: a resource type, a short label such as `room`, `chair`, `basin`; stored
 * lower-case so "Room" and "room" are one type.
 */
export const resourceTypeField = z
  .string(presence("type"))
  .trim()
  .toLowerCase()
  .min(1, "type is required")
  .max(40, "type must be at most 40 characters")
  .regex(/^[a-z0-9][a-z0-9 _-]*$/, "Use letters, digits, spaces, - or _ (e.g. room, chair, basin)");

/** design.md §26: a visit's services in order, `a,b,c` (2 to 5 ids). */
export const visitServiceIdsField = z
  .string(presence("serviceIds"))
  .transform((s) => s.split(",").map((id) => id.trim()))
  .pipe(
    z
      .array(z.string().min(1, "serviceIds has an empty entry").max(100, "serviceIds has an id that is too long"))
      .min(2, "A visit has at least 2 services")
      .max(5, "A visit has at most 5 services"),
  );

/** design.md §26: the staff member per service of a visit, `x,,y` (empty = anyone for that service). */
export const visitStaffIdsField = z
  .string()
  .transform((s) => s.split(",").map((id) => id.trim()))
  .pipe(z.array(z.string().max(100, "staffIds has an id that is too long")).max(5, "A visit has at most 5 services"));

/** design.md §26: the services of a visit in order, each with its staff member (2 to 5). */
export const visitItemsField = z
  .array(z.object({ serviceId: idField("serviceId"), staffProfileId: idField("staffProfileId") }), {
    error: "items must be a list of { serviceId, staffProfileId }",
  })
  .min(2, "A visit has at least 2 services")
  .max(5, "A visit has at most 5 services");

/** The fields by which a create body names what it books: one service and its staff member, or a visit's items. */
export const bookedServiceFields = {
  serviceId: idField("serviceId").optional().openapi({ description: "Required unless `items` is sent" }),
  staffProfileId: idField("staffProfileId").optional().openapi({ description: "Required unless `items` is sent" }),
  items: visitItemsField.optional().openapi({
    description: "design.md §26: 2-5 services booked back to back as one visit, instead of serviceId and staffProfileId",
  }),
};

/**
 * A create body names one service (`serviceId` + `staffProfileId`) or a visit (`items`), never
 * both. Run even when other fields failed, so every missing field is reported at once.
 */
export function oneServiceOrItems(b: unknown, ctx: z.RefinementCtx) {
  if (typeof b !== "object" || b === null) return;
  const body = b as Record<string, unknown>;
  const missing = (key: string) => body[key] === undefined;
  if (!missing("items")) {
    for (const key of ["serviceId", "staffProfileId"]) {
      if (!missing(key)) ctx.addIssue({ code: "custom", path: [key], message: "Send either serviceId and staffProfileId, or items" });
    }
    return;
  }
  for (const key of ["serviceId", "staffProfileId"]) {
    if (missing(key)) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required` });
  }
}

/** design.md §26: a visit's move may name the staff member of each of its services, in order. */
export const visitMoveItemsField = z
  .array(z.object({ staffProfileId: idField("staffProfileId").optional() }), { error: "items must be a list of { staffProfileId }" })
  .min(1, "Name at least one service's staff member")
  .max(5, "A visit has at most 5 services");
