import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  instantToLocalString,
  type LocalDate,
  type LocalDateTime,
  formatLocalDate,
  formatWall,
  MINUTE_MS,
  wallDayStart,
} from "../../domain/time";
import { ApiError } from "../../errors";
import { getAvailability } from "../availability";
import { batch } from "../batch";
import type { BookingCtx } from "../bookings/scope";
import { newId } from "../../lib/ids";
import { entryStatus, type EntryStatus } from "./manage";
import { localeOr } from "../email/mail-language";
import { type OfferTenant, offerParts } from "./offers";

/**
 * The owner's side of the waitlist (design.md §28): the entries waiting on a day, with what they
 * were offered, and offering a time by hand. Scoped to the token's tenant; another business's
 * entry is 404.
 */

type DayRow = {
  id: string;
  status: "waiting" | "booked" | "left";
  lastWindowEndAt: number;
  serviceId: string;
  serviceName: string;
  staffId: string | null;
  staffName: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  createdAt: string;
  windows: string;
  offers: string;
  timezone: string;
};

export type OwnerWaitlistEntry = {
  id: string;
  status: EntryStatus;
  service: { id: string; name: string };
  staff: { id: string; displayName: string } | null;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  windows: { start: string; end: string }[];
  offers: { staffId: string; start: string; via: "auto" | "owner"; createdAt: string }[];
  createdAt: string;
};

/**
 * Every entry with a window on `day` (tenant-local YYYY-MM-DD), oldest first, whatever its status:
 * one statement, so a page view can put it in its batch (`toDayEntries` reads its rows).
 */
export function waitlistDayQuery(db: Db, tenantId: string, day: string) {
  return db.all<DayRow>(sql`
    SELECT e.id, e.status, e.last_window_end_at AS lastWindowEndAt, e.service_id AS serviceId, s.name AS serviceName,
           e.staff_id AS staffId, p.display_name AS staffName, e.first_name AS firstName, e.last_name AS lastName, e.email, e.phone,
           e.created_at AS createdAt, t.timezone,
           (SELECT json_group_array(json_array(start_at, end_at)) FROM (
              SELECT start_at, end_at FROM waitlist_windows WHERE entry_id = e.id ORDER BY start_at)) AS windows,
           (SELECT json_group_array(json_array(staff_id, start_at, via, created_at)) FROM (
              SELECT staff_id, start_at, via, created_at FROM waitlist_offers WHERE entry_id = e.id ORDER BY created_at, rowid)) AS offers
    FROM waitlist_entries e
    JOIN tenants t ON t.id = e.tenant_id
    JOIN services s ON s.id = e.service_id
    LEFT JOIN staff_profiles p ON p.id = e.staff_id
    WHERE e.tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM waitlist_windows w WHERE w.entry_id = e.id AND w.date = ${day})
    ORDER BY e.created_at, e.rowid
    LIMIT 500`);
}

/** The rows of `waitlistDayQuery` as entries, their instants in the business's zone, `ended` judged at `now`. */
export function toDayEntries(rows: DayRow[], now: Date): OwnerWaitlistEntry[] {
  const local = (tz: string, ms: number) => instantToLocalString(tz, ms);
  return rows.map((r) => ({
    id: r.id,
    status: entryStatus(r.status, r.lastWindowEndAt, now.getTime()),
    service: { id: r.serviceId, name: r.serviceName },
    staff: r.staffId ? { id: r.staffId, displayName: r.staffName ?? "" } : null,
    customer: { firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone },
    windows: (JSON.parse(r.windows) as [number, number][]).map(([s, e]) => ({ start: local(r.timezone, s), end: local(r.timezone, e) })),
    offers: (JSON.parse(r.offers) as [string, number, "auto" | "owner", string][]).map(([staffId, s, via, createdAt]) => ({
      staffId,
      start: local(r.timezone, s),
      via,
      createdAt,
    })),
    createdAt: r.createdAt,
  }));
}

/** Every entry with a window on `date` (tenant-local), oldest first, whatever its status. One round trip. */
export async function waitlistOfDay(
  db: Db,
  tenantId: string,
  date: LocalDate,
  now: Date,
): Promise<{ date: string; entries: OwnerWaitlistEntry[] }> {
  const day = formatLocalDate(date);
  return { date: day, entries: toDayEntries(await waitlistDayQuery(db, tenantId, day), now) };
}

type EntryForOffer = {
  id: string;
  locale: string | null;
  status: string;
  serviceId: string;
  serviceName: string;
  firstName: string;
  email: string;
  smsPhone: string | null;
  smsOptIn: number;
  slug: string;
  businessName: string;
  timezone: string;
  open: number;
};

export type HandOffer = { entryId: string; staffId: string; start: string; end: string };

/**
 * Offers a time by hand: the owner picks a staff member and a start; it must be a time the
 * customer could book now (availability's public answer for the entry's service), else 409
 * slot_taken. Only a waiting entry (409 conflict otherwise); e-mail (and text with consent) as an
 * automatic offer, recorded with `via: owner`. Two round trips and the write.
 */
export async function offerByHand(
  ctx: BookingCtx & { config: Config },
  tenantId: string,
  entryId: string,
  input: { staffId: string; start: LocalDateTime },
): Promise<HandOffer> {
  const { db, now } = ctx;
  const [entry] = await db.all<EntryForOffer>(sql`
    SELECT e.id, e.status, e.service_id AS serviceId, s.name AS serviceName, e.first_name AS firstName, e.email,
           e.sms_phone AS smsPhone, e.sms_opt_in AS smsOptIn, COALESCE(e.locale, t.locale) AS locale, t.slug, t.business_name AS businessName, t.timezone,
           (t.is_active = 1 AND t.is_suspended = 0) AS open
    FROM waitlist_entries e JOIN tenants t ON t.id = e.tenant_id JOIN services s ON s.id = e.service_id
    WHERE e.id = ${entryId} AND e.tenant_id = ${tenantId}`);
  if (!entry) throw ApiError.notFound("Waitlist entry");
  if (entry.status !== "waiting") throw new ApiError("conflict", "This customer is no longer waiting");
  if (!entry.open) throw new ApiError("conflict", "Your booking page is not taking bookings right now, so the customer could not book");
  const wanted = formatWall(wallDayStart(input.start.date) + input.start.minuteOfDay * MINUTE_MS);
  let free: Awaited<ReturnType<typeof getAvailability>>;
  try {
    free = await getAvailability(
      ctx,
      { kind: "public", slug: entry.slug },
      { serviceId: entry.serviceId, staffId: input.staffId, date: input.start.date },
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found")
      throw new ApiError("slot_taken", "The customer cannot book this service with this staff member online");
    throw err;
  }
  const slot = free.slots.find((s) => s.startTime === wanted);
  if (!slot || input.start.second !== 0) throw new ApiError("slot_taken", "This time is not free for the customer to book");
  const tenant: OfferTenant = { id: tenantId, slug: entry.slug, businessName: entry.businessName, timezone: entry.timezone };
  const time = {
    staffId: slot.staffId,
    staffName: slot.staffName,
    serviceId: entry.serviceId,
    startAt: Date.parse(slot.startUtc),
    endAt: Date.parse(slot.endUtc),
  };
  const b = batch(db);
  b.add(
    offerParts(
      db,
      ctx.config,
      {
        tenant,
        entry: {
          id: entry.id,
          firstName: entry.firstName,
          email: entry.email,
          smsPhone: entry.smsPhone,
          smsOptIn: entry.smsOptIn === 1,
          serviceName: entry.serviceName,
          locale: localeOr(entry.locale),
        },
        time,
        triggerKey: `owner:${newId("chg")}`,
        via: "owner",
      },
      now,
      sql`1`,
    ),
  );
  const still = b.add(db.all<{ status: string }>(sql`SELECT status FROM waitlist_entries WHERE id = ${entry.id}`));
  await b.run(ctx);
  if (still.result()[0]?.status !== "waiting") throw new ApiError("conflict", "This customer is no longer waiting");
  return { entryId: entry.id, staffId: slot.staffId, start: slot.startTime, end: slot.endTime };
}
