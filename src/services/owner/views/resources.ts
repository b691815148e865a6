import { ApiError } from "../../../errors";
import { businessQuery, resourceListQuery, resourceTimeOffQuery, type ViewCtx } from "./common";

/**
 * The resources page (`/app/resources`, design.md §26): the business's rooms, chairs and basins by
 * type then name (inactive ones included), and each one's time off not over yet. One batch.
 */
export async function resourcesView(ctx: ViewCtx) {
  const { db, tenantId, now } = ctx;
  const [business, resources, timeOff] = await db.batch([
    businessQuery(db, tenantId),
    resourceListQuery(db, tenantId),
    resourceTimeOffQuery(db, tenantId, now.getTime()),
  ]);
  if (!business[0]) throw ApiError.notFound("Business");
  return { business: business[0], resources, timeOff };
}
