import { z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Schema } from "hono";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { requireRole } from "../../middleware/auth";
import type { Services } from "../../services/context";
import { lookupIdParam } from "../fields";
import { Removed, routeGroup, security } from "../openapi";

// design.md §16/§26: a staff member's and a resource's time off are the same three routes under
// /{id}/time-off; only the services behind them and the words of the document differ.

/** A time off's span and reason, as every answer about time off (these routes, the app's views) words it. */
export const timeOffSpanFields = {
  start: z.string().openapi({ description: "ISO-8601 instant (UTC)" }),
  end: z.string().openapi({ description: "ISO-8601 instant (UTC)" }),
  reason: z.string(),
};

export const TimeOff = z.object({ id: z.string(), ...timeOffSpanFields }).openapi("TimeOff");

type TimeOffRow = { id: string; startAt: number; endAt: number; reason: string };

export const toTimeOff = (t: TimeOffRow): z.infer<typeof TimeOff> => ({
  id: t.id,
  start: new Date(t.startAt).toISOString(),
  end: new Date(t.endAt).toISOString(),
  reason: t.reason,
});

const instant = z.iso.datetime({ offset: true, error: "Use an ISO-8601 instant" });
const timeOffBody = z.object({ start: instant, end: instant, reason: z.string().max(500).optional() }).strict();
const MAX_TIME_OFF_MS = 366 * 86_400_000;

/** What one owner of time off (a staff member, a resource) does with it, and how the document words it. */
export type TimeOffActions = {
  tags: string[];
  summaries: { list: string; add: string; remove: string };
  list: (s: Services, tenantId: string, ownerId: string) => Promise<TimeOffRow[]>;
  add: (s: Services, tenantId: string, ownerId: string, v: { start: Date; end: Date; reason?: string }) => Promise<TimeOffRow>;
  remove: (s: Services, tenantId: string, ownerId: string, timeOffId: string) => Promise<{ id: string }>;
};

/** Adds GET/POST /{id}/time-off and DELETE /{id}/time-off/{timeOffId} to an owner router. */
export function withTimeOffRoutes<S extends Schema>(app: OpenAPIHono<OwnerEnv, S, "/">, a: TimeOffActions) {
  const writers = requireRole("owner", "admin");
  const route = routeGroup({ tags: a.tags, security: security.owner });
  const list = route.get("/{id}/time-off", a.summaries.list, { params: lookupIdParam, ok: z.array(TimeOff), errors: [401, 403, 404] });
  const add = route.post("/{id}/time-off", a.summaries.add, {
    middleware: [writers],
    params: lookupIdParam,
    body: timeOffBody,
    created: TimeOff,
    errors: [400, 401, 403, 404],
  });
  const remove = route.delete("/{id}/time-off/{timeOffId}", a.summaries.remove, {
    middleware: [writers],
    params: z.object({ id: z.string(), timeOffId: z.string() }),
    ok: Removed,
    errors: [401, 403, 404],
  });
  return app
    .openapi(list, async (c) => {
      const rows = await a.list(c.var.services, c.var.auth.tenantId, c.req.valid("param").id);
      return c.json({ data: rows.map(toTimeOff) }, 200);
    })
    .openapi(add, async (c) => {
      const body = c.req.valid("json");
      const start = new Date(body.start);
      const end = new Date(body.end);
      if (end <= start) throw ApiError.field("end", "end must be after start");
      if (end.getTime() - start.getTime() > MAX_TIME_OFF_MS) throw ApiError.field("end", "Time off can last at most 366 days");
      const row = await a.add(c.var.services, c.var.auth.tenantId, c.req.valid("param").id, { start, end, reason: body.reason });
      return c.json({ data: toTimeOff(row) }, 201);
    })
    .openapi(remove, async (c) => {
      const { id, timeOffId } = c.req.valid("param");
      const { id: removed } = await a.remove(c.var.services, c.var.auth.tenantId, id, timeOffId);
      return c.json({ data: { id: removed } }, 200);
    });
}
