import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { DAY_MS } from "../../domain/time";
import { icsCalendar } from "../../domain/ical";
import type { Config } from "../../config";
import { ApiError } from "../../errors";
import { newSecret } from "../../lib/ids";
import { platformLink } from "../../lib/links";
import { sha256Hex } from "../auth/password-reset";
import { bookingUid, mailSettings } from "./booking-mail";

/**
 * Staff calendar feeds (design.md §17): a secret URL a calendar app subscribes to. Only the
 * secret's SHA-256 is stored; a new secret replaces it, so the previous URL stops working at once.
 * The feed lists the staff member's confirmed bookings from 7 days ago to 90 days ahead.
 *
 * design.md §31: a feed URL travels to phones and shared calendars, so it carries no confirmation
 * code (which cancels a booking by code) and no phone number; and the feed of a staff profile
 * linked to a member works only while that membership is active (a deactivated or removed
 * colleague's subscription goes dead at once, and deactivating also forgets the secret).
 */

export const FEED_PAST_DAYS = 7;
export const FEED_FUTURE_DAYS = 90;
/** A busy staff member has a few thousand bookings in the window at most; the cap bounds the answer. */
export const FEED_MAX_EVENTS = 5000;
/** How often calendar apps are asked to poll (REFRESH-INTERVAL) and how long the answer may be cached. */
export const FEED_REFRESH_MINUTES = 15;

/** newSecret(32): 43 base64url characters. Anything else is not a feed and costs no query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Owner/admin: a new secret URL for the staff member's feed; the previous one stops working. One round trip. */
export async function rotateCalendarFeed(db: Db, config: Pick<Config, "PUBLIC_BASE_URL">, tenantId: string, staffId: string, now: Date) {
  const token = newSecret(32);
  const hash = await sha256Hex(token);
  const rows = await db.all<{ id: string }>(sql`
    UPDATE staff_profiles SET calendar_feed_hash = ${hash}, updated_at = ${now.toISOString()}
    WHERE id = ${staffId} AND tenant_id = ${tenantId} AND deleted_at IS NULL
    RETURNING id`);
  if (!rows.length) throw ApiError.notFound("Staff member");
  return { url: platformLink(config, `/calendar/${token}.ics`) };
}

type FeedStaff = { staffName: string; businessName: string; timezone: string };
type FeedBooking = {
  id: string;
  startAt: number;
  endAt: number;
  sequence: number;
  updatedAt: string;
  serviceName: string;
  firstName: string | null;
  lastName: string | null;
  notes: string;
};

/**
 * The feed of the staff member whose secret is `token`, or null (unknown, replaced, deleted staff
 * member). One round trip: the staff lookup and the bookings, both keyed by the hash, in one batch.
 */
export async function calendarFeed(db: Db, config: Pick<Config, "PUBLIC_BASE_URL" | "EMAIL_FROM">, token: string, now: Date) {
  if (!TOKEN.test(token)) return null;
  const hash = await sha256Hex(token);
  // A profile linked to a member's user serves its feed only while that membership is active.
  const live = sql`p.calendar_feed_hash = ${hash} AND p.deleted_at IS NULL AND (p.user_id IS NULL OR EXISTS (
      SELECT 1 FROM tenant_members m WHERE m.tenant_id = p.tenant_id AND m.user_id = p.user_id AND m.is_active = 1))`;
  const staffId = sql`(SELECT p.id FROM staff_profiles p WHERE ${live})`;
  const from = now.getTime() - FEED_PAST_DAYS * DAY_MS;
  const to = now.getTime() + FEED_FUTURE_DAYS * DAY_MS;
  const [staff, bookings] = await db.batch([
    db.all<FeedStaff>(sql`
      SELECT p.display_name AS staffName, t.business_name AS businessName, t.timezone
      FROM staff_profiles p JOIN tenants t ON t.id = p.tenant_id
      WHERE ${live}`),
    db.all<FeedBooking>(sql`
      SELECT b.id, b.start_at AS startAt, b.end_at AS endAt, b.sequence, b.updated_at AS updatedAt,
             b.notes, s.name AS serviceName, c.first_name AS firstName, c.last_name AS lastName
      FROM bookings b
      JOIN services s ON s.id = b.service_id
      LEFT JOIN customers c ON c.id = b.customer_id
      WHERE b.staff_id = ${staffId} AND b.status = 'confirmed' AND b.start_at >= ${from} AND b.start_at < ${to}
      ORDER BY b.start_at, b.id
      LIMIT ${FEED_MAX_EVENTS}`),
  ]);
  const owner = staff[0];
  if (!owner) return null;
  const { host } = mailSettings(config);
  return icsCalendar({
    method: "PUBLISH",
    name: `${owner.staffName} \u2013 ${owner.businessName}`,
    refreshMinutes: FEED_REFRESH_MINUTES,
    events: bookings.map((b) => {
      const name = `${b.firstName ?? ""} ${b.lastName ?? ""}`.trim();
      const description = [name && `Customer: ${name}`, b.notes && `Notes: ${b.notes}`].filter(Boolean).join("\n");
      const updated = Date.parse(b.updatedAt);
      return {
        uid: bookingUid(b.id, host),
        sequence: b.sequence,
        stamp: now.getTime(),
        start: b.startAt,
        end: b.endAt,
        summary: name ? `${b.serviceName} \u2013 ${name}` : b.serviceName,
        description,
        status: "CONFIRMED" as const,
        lastModified: Number.isNaN(updated) ? undefined : updated,
      };
    }),
  });
}
