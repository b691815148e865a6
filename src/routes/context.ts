import type { RequestScope } from "../env";
import type { BookingCtx } from "../services/bookings";

/** The booking services' request context from a handler of any caller group (public, owner, customer). */
export function bookingCtx(c: RequestScope): BookingCtx {
  return { db: c.var.db, now: c.var.now, env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p) };
}
