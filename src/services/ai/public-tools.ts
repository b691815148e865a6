import type { Evidence } from "../../domain/ai/suggestions";
import type { AvailabilityArgs, DaysArgs, ToolDef } from "../../domain/ai/tools";
import type { BookingCtx, BookingScope } from "../bookings";
import { listPublicServices, listPublicStaff } from "../public-catalog";
import type { DaysAvailability } from "./days";
import type { ToolExecutor } from "./loop";
import { availabilityTool, daysTool, short } from "./tool-shared";

/**
 * The public assistant's tools: the same reads as /api/public/:slug/* (only online-bookable
 * services, bookable staff, a visible tenant), keyed by the route's slug. Every result is also
 * recorded as evidence for the suggestions.
 */
export function publicToolExecutor(
  ctx: Pick<BookingCtx, "db" | "now">,
  slug: string,
  currency: string,
  days: DaysAvailability,
  ev: Evidence,
): ToolExecutor {
  const scope: BookingScope = { kind: "public", slug };
  return async (tool: ToolDef, args: unknown) => {
    switch (tool.name) {
      case "list_services": {
        const rows = await listPublicServices(ctx.db, slug);
        ev.addServices(rows.map((s) => s.id));
        return rows.map((s) => ({
          id: s.id,
          name: s.name,
          description: short(s.description),
          durationMinutes: s.durationMinutes,
          price: s.price,
          currency,
        }));
      }
      case "list_staff": {
        const rows = await listPublicStaff(ctx.db, slug);
        ev.addStaff(rows.map((p) => p.id));
        return rows.map((p) => ({ id: p.id, name: p.displayName, title: short(p.title, 100) }));
      }
      case "get_availability": {
        const { result, evidence } = await availabilityTool(ctx, scope, args as AvailabilityArgs);
        ev.addDay(result.serviceId, result.date, evidence);
        return result;
      }
      case "find_available_days": {
        const r = await daysTool(ctx, scope, days, args as DaysArgs);
        ev.addOpenDays(
          r.serviceId,
          r.days.filter((d) => d.slots > 0).map((d) => d.date),
        );
        return r;
      }
      default:
        throw new Error(`public tool ${tool.name} has no executor`);
    }
  };
}
