import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import { createDb, type Db } from "../../db/client";
import { parseLocalDate } from "../../domain/time";
import { chooseOffers, type FreeTime, OFFER_ROUND_MINUTES, type WaitingEntry } from "../../domain/waitlist";
import { ApiError } from "../../errors";
import { getAvailability } from "../availability";
import type { Part } from "../batch";
import { type JobHandler, jobInsert } from "../outbox/jobs";
import { localeOr } from "../email/mail-language";
import { type OfferEntry, type OfferedTime, type OfferTenant, offerParts } from "./offers";
import { type OfferPayload, onWindowDates, WAITLIST_OFFER_KIND } from "./trigger";

/**
 * The `waitlist.offer` job (design.md §28). When it runs it reads the waiting entries whose windows
 * overlap the freed span, asks availability (the same statement and slot engine as the booking
 * page and create, public rules: notice, horizon, a suspended business has none) what is free for
 * each of their services on each of their windows' dates, and offers the oldest five entries the
 * earliest free time that fits each. A time taken before the job runs is simply not listed. When
 * more entries would fit, a follow-up round of the same trigger runs 15 minutes later: whatever is
 * still free then goes to the next five (an entry hears of one trigger once).
 */

type EntryRow = {
  id: string;
  serviceId: string;
  staffId: string | null;
  firstName: string;
  email: string;
  smsPhone: string | null;
  smsOptIn: number;
  serviceName: string;
  locale: string | null;
  windows: string;
  offered: number;
};

/**
 * Entries read at most per run; the oldest first: by join time, then by insertion order (rowid),
 * since joins in the same millisecond share created_at.
 */
const ENTRY_LIMIT = 200;

function readState(db: Db, tenantId: string, p: OfferPayload, nowMs: number) {
  const dates = onWindowDates(p.dates);
  const overlapping = sql`w.start_at < ${p.toMs} AND w.end_at > ${p.fromMs} AND w.end_at > ${nowMs} ${dates}`;
  return db.batch([
    db.all<OfferTenant>(sql`
      SELECT id, slug, business_name AS businessName, timezone FROM tenants WHERE id = ${tenantId} AND is_active = 1 AND is_suspended = 0`),
    db.all<EntryRow>(sql`
      SELECT e.id, e.service_id AS serviceId, e.staff_id AS staffId, e.first_name AS firstName, e.email, e.sms_phone AS smsPhone,
             e.sms_opt_in AS smsOptIn, s.name AS serviceName,
             COALESCE(e.locale, (SELECT t.locale FROM tenants t WHERE t.id = e.tenant_id)) AS locale,
             (SELECT json_group_array(json_array(w.date, w.start_at, w.end_at)) FROM waitlist_windows w WHERE w.entry_id = e.id AND ${overlapping}) AS windows,
             EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id AND o.trigger_key = ${p.triggerKey}) AS offered
      FROM waitlist_entries e JOIN services s ON s.id = e.service_id
      WHERE e.tenant_id = ${tenantId} AND e.status = 'waiting' AND e.last_window_end_at > ${nowMs}
        AND (${p.staffId} IS NULL OR e.staff_id IS NULL OR e.staff_id = ${p.staffId})
        AND EXISTS (SELECT 1 FROM waitlist_windows w WHERE w.entry_id = e.id AND ${overlapping})
      ORDER BY e.created_at, e.rowid LIMIT ${ENTRY_LIMIT}`),
  ]);
}

/** Free times of `serviceId` on `date` (public rules), overlapping the freed span; none for a service no longer offered. */
async function freeTimesOn(db: Db, now: Date, tenant: OfferTenant, p: OfferPayload, serviceId: string, date: string) {
  const day = parseLocalDate(date);
  if (!day) return [];
  try {
    const a = await getAvailability(
      { db, now },
      { kind: "public", slug: tenant.slug },
      { serviceId, staffId: p.staffId ?? undefined, date: day },
    );
    return a.slots
      .map((s) => ({ staffId: s.staffId, staffName: s.staffName, startAt: Date.parse(s.startUtc), endAt: Date.parse(s.endUtc) }))
      .filter((s) => s.startAt < p.toMs && s.endAt > p.fromMs);
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") return [];
    throw err;
  }
}

export function waitlistOfferHandler(config: Config): JobHandler {
  return {
    kind: WAITLIST_OFFER_KIND,
    async perform(job, { clock }) {
      const p = job.payload as OfferPayload;
      const now = clock();
      const tenantId = job.tenantId;
      if (!tenantId) return { ok: true, result: { skipped: "no_tenant" } };
      const db = createDb(config);
      const [tenants, rows] = await readState(db, tenantId, p, now.getTime());
      const tenant = tenants[0];
      if (!tenant) return { ok: true, result: { skipped: "business_not_public" } };
      const entries = rows.map((r) => ({ row: r, windows: JSON.parse(r.windows) as [string, number, number][] }));

      // What is free, per service: every date any fitting entry waits on, read once each.
      const free = new Map<string, (FreeTime & { staffName: string })[]>();
      const wanted = new Map<string, Set<string>>();
      for (const { row, windows } of entries) {
        if (row.offered) continue;
        const dates = wanted.get(row.serviceId) ?? new Set<string>();
        for (const [date] of windows) dates.add(date);
        wanted.set(row.serviceId, dates);
      }
      for (const [serviceId, dates] of wanted) {
        const times = await Promise.all([...dates].map((d) => freeTimesOn(db, now, tenant, p, serviceId, d)));
        free.set(serviceId, times.flat());
      }

      const waiting: WaitingEntry[] = entries.map(({ row, windows }) => ({
        id: row.id,
        serviceId: row.serviceId,
        staffId: row.staffId,
        windows: windows.map(([, startAt, endAt]) => ({ startAt, endAt })),
      }));
      const offeredBefore = new Set(entries.filter((e) => e.row.offered).map((e) => e.row.id));
      const { offers, more } = chooseOffers(waiting, (serviceId) => free.get(serviceId) ?? [], offeredBefore);
      const byId = new Map(entries.map((e) => [e.row.id, e.row]));
      return {
        ok: true,
        result: { offered: offers.length, more },
        effects: (db, gate) => {
          const parts: Part[] = offers.map(({ entryId, time }) => {
            const r = byId.get(entryId)!;
            const entry: OfferEntry = {
              id: r.id,
              firstName: r.firstName,
              email: r.email,
              smsPhone: r.smsPhone,
              smsOptIn: r.smsOptIn === 1,
              serviceName: r.serviceName,
              locale: localeOr(r.locale),
            };
            const staffName = free.get(r.serviceId)?.find((f) => f.staffId === time.staffId)?.staffName ?? "";
            const offered: OfferedTime = { ...time, serviceId: r.serviceId, staffName };
            return offerParts(db, config, { tenant, entry, time: offered, triggerKey: p.triggerKey, via: "auto" }, now, gate);
          });
          if (more) {
            const next: OfferPayload = { ...p, round: p.round + 1 };
            const runAt = new Date(now.getTime() + OFFER_ROUND_MINUTES * 60_000);
            parts.push(
              jobInsert(
                db,
                { kind: WAITLIST_OFFER_KIND, tenantId, payload: next, idempotencyKey: `${p.triggerKey}#${next.round}`, runAt },
                now,
                gate,
              ),
            );
          }
          return parts;
        },
      };
    },
  };
}
