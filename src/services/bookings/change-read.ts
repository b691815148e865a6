import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { batch } from "../batch";
import { moneyQuery } from "../payments/money";
import { itemsOfBookingQuery } from "../visits/items";
import { anchorIdSql, type BookingRef, bookingViewQuery, refSql } from "./lookup";

/**
 * What a cancel or a status change reads first, in one round trip: the booking's view (404 when
 * there is none), its money rows (a visit's money hangs on its first item, design.md §26; a single
 * booking's on itself) and its visit's item rows (none for a single booking).
 */
export async function readForChange(db: Db, ref: BookingRef) {
  const read = batch(db);
  const views = read.add(bookingViewQuery(db, ref));
  const moneyRows = read.add(moneyQuery(db, anchorIdSql(ref)));
  const itemRows = read.add(itemsOfBookingQuery(db, refSql(ref)));
  await read.run();
  const booking = views.result()[0];
  if (!booking) throw ApiError.notFound("Booking");
  return { booking, moneyRows: moneyRows.result(), itemRows: itemRows.result() };
}
