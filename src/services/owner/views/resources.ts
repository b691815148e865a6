import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { schema } from "../../../db/client";
import { ApiError } from "../../../errors";
import { businessQuery, type ViewCtx } from "./common";

/**
 * The resources page (`/app/resources`, design.md §26): the business's rooms, chairs and basins by
 * type then name (inactive ones included), and each one's time off not over yet. One batch.
 */
export async function resourcesView(ctx: ViewCtx) {
  const { db, tenantId, now } = ctx;
  const { resources: r, resourceTimeOff: off } = schema;
  const [business, resources, timeOff] = await db.batch([
    businessQuery(db, tenantId),
    db
      .select({ id: r.id, name: r.name, type: r.type, isActive: r.isActive })
      .from(r)
      .where(and(eq(r.tenantId, tenantId), isNull(r.deletedAt)))
      .orderBy(asc(r.type), asc(r.name), asc(r.id)),
    db
      .select({ id: off.id, resourceId: off.resourceId, startAt: off.startAt, endAt: off.endAt, reason: off.reason })
      .from(off)
      .where(and(eq(off.tenantId, tenantId), gt(off.endAt, now.getTime())))
      .orderBy(asc(off.startAt), asc(off.id)),
  ]);
  if (!business[0]) throw ApiError.notFound("Business");
  return { business: business[0], resources, timeOff };
}
