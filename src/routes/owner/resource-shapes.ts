import { z } from "@hono/zod-openapi";
import type { ResourceRow } from "../../services/owner/resources";

// design.md §26: the owner API's answers about resources (rooms, chairs, ...) and their time off.

export const OwnerResource = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string().openapi({ description: "Lower-case label services ask for, e.g. room, chair, basin" }),
    isActive: z.boolean().openapi({ description: "Inactive resources are never assigned to new bookings" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("OwnerResource");

export function toOwnerResource(x: ResourceRow): z.infer<typeof OwnerResource> {
  return { id: x.id, name: x.name, type: x.type, isActive: x.isActive, createdAt: x.createdAt, updatedAt: x.updatedAt };
}
