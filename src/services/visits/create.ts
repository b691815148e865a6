import { sql } from "drizzle-orm";
import { newConfirmationCode } from "../../domain/confirmation-code";
import { e164Of, regionOf } from "../../domain/sms/phone";
import { uniqueViolation } from "../../db/unique-violation";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { limitsFor } from "../availability";
import { batch } from "../batch";
import { firstHoldEnd, holdsRefused, publicCreateChecks, recordUpdateAllowed, storedTerms } from "../bookings/create-rules";
import { customerRecord } from "../bookings/customer-record";
import { holdCapsSql, liveHoldsQuery } from "../bookings/hold-caps";
import { resourceIdsOf } from "../bookings/lookup";
import { bookingEffects, tenantOpenSql } from "../bookings/effects";
import { slotTaken } from "../bookings/front-desk";
import { actorOf, bookingHistoryInsert } from "../bookings/history";
import { decodeTenant, type TenantCells, tenantCellsSql } from "../bookings/create-read";
import { type BookingCtx, type BookingScope, parseStaffIds, servicesJsonSql, tenantIdSql } from "../bookings/scope";
import { locationOf } from "../notifications/booking-mail";
import { startCheckout, visitCheckoutPlan } from "../payments/checkout";
import { publicTenantSql } from "../public-tenant";
import { bookingRestricted, reliabilityDemand } from "../reliability/demand";
import { identityRecordSql, phoneTail, recordSince } from "../reliability/record";
import { decodeSchedule, parseResourceTypes, type ScheduleRow, scheduleColumns } from "../schedule-data";
import { servicesInOrder, unionTypesSql } from "./availability";
import { decideVisit, specOfService } from "./decide";
import { visitCreatedFacts } from "./effects";
import { assignVisitResources, type PlacedItem, visitFreeSql } from "./guards";
import { visitServiceName, visitStaffName } from "./items";
import { endEntriesBooked } from "../waitlist/trigger";
import { prepaidReads } from "../bookings/prepaid-at-create";
import type { CreatedVisit, CreateVisitInput } from "./create-types";

export type { CreatedVisit, CreatedVisitItem, CreateVisitInput, VisitItemInput } from "./create-types";

const CODE_ATTEMPTS = 4;

/** The visit's one read: the business's create cells, the services and staff as JSON, the schedule. */
type VisitReadRow = TenantCells &
  ScheduleRow & { services: string | null; staff: string; accountId: string | null; reliability: string | null };

/**
 * Books 2–5 services back to back as one visit (design.md §26), all or nothing. Two libSQL round
 * trips, like one booking: a read (ONE statement: tenant, the services, the named staff, their
 * schedule of the date with the resources the services need; and the unpaid holds) and ONE write batch: the customer record, the
 * visit (its insert carries the whole visit's atomic guard: every item's staff member free for
 * its active parts, every item's resources), every item's booking row and resources gated on the
 * visit's row, one set of effects for the visit, read-backs. A public visit at a business that
 * takes payment is held like a booking (the items' shares summed, one PaymentIntent on the first
 * item) between the two.
 *
 * Errors: 404 not_found (business, a service, a staff member), 403 guest_disabled, 409 slot_taken.
 */
export async function createVisit(ctx: BookingCtx, scope: BookingScope, input: CreateVisitInput): Promise<CreatedVisit> {
  const { db, now } = ctx;
  const serviceIds = input.items.map((i) => i.serviceId);
  const staffIds = input.items.map((i) => i.staffProfileId);
  const named = [...new Set(staffIds)];
  const tokenAccountId = scope.kind === "public" ? (input.customerAccountId ?? null) : null;
  const tid = sql`t.id`;
  // ONE statement (as a booking's create, ./create-read.ts, issue #42): the business, the services,
  // the named staff, their schedule of the date with the resources the services need, and the
  // caller's account; beside it the business's unpaid holds, for the hold caps (design.md §31).
  // Not a prepared statement: its shape follows the number of services and staff members.
  const reads = batch(db);
  const found = reads.add(
    db.all<VisitReadRow>(sql`
      SELECT ${tenantCellsSql},
             ${servicesJsonSql(scope, serviceIds, tid)} AS services,
             (SELECT json_group_array(json_array(id, display_name)) FROM staff_profiles
              WHERE tenant_id = t.id AND deleted_at IS NULL ${scope.kind === "public" ? sql`AND is_bookable = 1` : sql``}
                AND id IN (${sql.join(
                  named.map((id) => sql`${id}`),
                  sql`, `,
                )})) AS staff,
             -- A token outlives a deleted account: such a caller is a guest.
             (SELECT id FROM customer_accounts WHERE id = ${tokenAccountId ?? ""}) AS accountId,
             -- design.md §28: the customer's reliability record, as a booking's create reads it.
             ${
               scope.kind === "public"
                 ? identityRecordSql({
                     tenantId: tid,
                     policy: sql`t.reliability_policy`,
                     email: sql`${(input.customer.email ?? "").toLowerCase()}`,
                     accountId: sql`${tokenAccountId ?? ""}`,
                     tail: sql`${phoneTail(input.customer.phone)}`,
                     since: sql`${recordSince(now.getTime())}`,
                   })
                 : sql`NULL`
             } AS reliability,
             ${scheduleColumns({ tenantId: tid, staffIdList: named, from: input.start.date, to: input.start.date, resourceTypes: unionTypesSql(serviceIds, tid) })}
      FROM tenants t WHERE ${scope.kind === "public" ? publicTenantSql(scope.slug) : sql`t.id = ${scope.tenantId}`} LIMIT 1`),
  );
  const holds = reads.add(liveHoldsQuery(db, scope.kind === "public" ? tenantIdSql(scope) : sql`NULL`, now.getTime()));
  // design.md §32: a gift card paying the visit's amount due, read in the same round trip (its HMAC computed first).
  const prepaid =
    scope.kind === "public" && input.giftCardCode !== undefined
      ? await prepaidReads(
          ctx.env,
          db,
          reads,
          tenantIdSql(scope),
          { giftCardCode: input.giftCardCode },
          {
            email: (input.customer.email ?? "").toLowerCase(),
            accountId: tokenAccountId,
            serviceId: serviceIds[0],
            now,
          },
        )
      : null;
  await reads.run();
  const [row] = found.result();
  if (!row) throw ApiError.notFound("Business");
  const tenant = decodeTenant(row);
  const liveHolds = holds.result();
  const services = servicesInOrder(row.services, serviceIds);
  const staffNames = new Map(JSON.parse(row.staff) as [string, string][]);
  if (named.some((id) => !staffNames.has(id))) throw ApiError.notFound("Staff member");
  const accountId = row.accountId;
  if (scope.kind === "public" && !accountId && !tenant.allowGuestBooking) {
    throw new ApiError("guest_disabled", "This business only takes bookings from signed-in customers");
  }

  const specs = services.map((s) =>
    specOfService({ ...s, resourceTypes: parseResourceTypes(s.resourceTypes), performers: parseStaffIds(s.staffIds) }),
  );
  const slot = decideVisit({
    timeZone: tenant.timezone,
    start: input.start,
    items: specs,
    staffIds,
    rows: decodeSchedule(row, input.start.date),
    limits: limitsFor(scope.kind, tenant, now),
    nowMs: now.getTime(),
    override: scope.kind === "owner" && input.override === true,
    field: "startDatetime",
  });

  const visitId = newId("vis");
  // Chosen up front: the payment's idempotency key and metadata name the first item.
  const placed: PlacedItem[] = slot.items.map((at, i) => ({
    bookingId: newId("bkg"),
    staffId: staffIds[i],
    startMs: at.startMs,
    endMs: at.endMs,
    bufferBeforeMinutes: specs[i].bufferBeforeMinutes,
    bufferAfterMinutes: specs[i].bufferAfterMinutes,
    processing: specs[i].processing,
    resourceTypes: specs[i].resourceTypes,
  }));
  const anchorId = placed[0].bookingId;
  const items = placed.map((p, i) => ({
    id: p.bookingId,
    serviceId: services[i].id,
    serviceName: services[i].name,
    staffId: p.staffId,
    staffName: staffNames.get(p.staffId) ?? "",
    startAt: p.startMs,
    endAt: p.endMs,
    totalAmount: services[i].price,
  }));
  const totalAmount = items.reduce((sum, i) => sum + i.totalAmount, 0);
  const c = input.customer;
  const email = (c.email ?? "").toLowerCase();
  // design.md §27: texts about the visit go to the number as read by the business's country (one text
  // per visit); the reliability record is matched on the same number.
  const smsPhone = e164Of(c.phone, regionOf(tenant));
  // design.md §28: a visit takes the reliability step as a single booking does.
  const demand = scope.kind === "public" ? reliabilityDemand(tenant, row.reliability, smsPhone, now) : null;
  const fullPlan = scope.kind === "public" ? visitCheckoutPlan(tenant, services, demand?.checkout) : null;
  // The gift card takes the visit's summed amount due first; only the rest is left to Stripe (no promo
  // code on a visit, so the price never changes).
  const paid = prepaid?.decide({ tenant, serviceIds, price: totalAmount, planFor: () => fullPlan, now }) ?? null;
  const plan = paid ? paid.plan : fullPlan;
  const gift = paid?.columns ?? { giftCardId: null, giftCardAmount: 0 };
  // design.md §31: bot protection and the hold caps, before anything is held or paid (a visit is one hold).
  const network = await publicCreateChecks(ctx, scope, tenant, { ...input, email, holding: plan !== null }, liveHolds);
  if (demand?.blocked) throw bookingRestricted(tenant);
  const checkout = plan
    ? await startCheckout(ctx.env, now, plan, {
        bookingId: anchorId,
        tenant,
        price: totalAmount,
        startAt: slot.startMs,
        customer: { email, firstName: c.firstName, lastName: c.lastName ?? "" },
      })
    : null;
  const status = checkout?.status ?? "confirmed";
  const t = now.toISOString();
  const sms = { optIn: c.smsOptIn === true, phone: smsPhone };
  const holdCaps = plan ? holdCapsSql(tenant.id, email, network, now.getTime()) : sql`1`;
  const free = sql`${visitFreeSql(placed, tenant.id, visitId)} ${scope.kind === "public" ? sql`AND ${tenantOpenSql(tenant.id)}` : sql``}
    AND ${holdCaps} ${paid ? paid.guard(now) : sql``}`;
  // The money terms of the visit's start, kept on every item (design.md §31), and the details a guest typed.
  const terms = storedTerms(tenant, slot.startMs);
  const mayUpdateRecord = recordUpdateAllowed(scope, accountId);
  const typed = scope.kind === "public" ? { first: c.firstName, last: c.lastName ?? "", phone: c.phone ?? "" } : null;
  const inserted = sql`EXISTS (SELECT 1 FROM visits WHERE id = ${visitId})`;

  for (let attempt = 1; ; attempt++) {
    const code = newConfirmationCode();
    const record = customerRecord(db, { tenantId: tenant.id, accountId, customer: c, email, now, gate: free, mayUpdate: mayUpdateRecord });
    const b = batch(db);
    b.add(record.upsert);
    b.add(
      db.run(sql`INSERT INTO visits (id, tenant_id, confirmation_code, created_at, updated_at)
        SELECT ${visitId}, ${tenant.id}, ${code}, ${t}, ${t} WHERE ${free}`),
    );
    placed.forEach((p, i) => {
      // The first item carries the visit's code (codes stay unique across bookings and visits); the others a
      // suffixed one no lookup accepts.
      const itemCode = i === 0 ? code : `${code}-${i + 1}`;
      b.add(
        db.run(sql`
          INSERT INTO bookings (id, tenant_id, service_id, staff_id, customer_id, customer_account_id, start_at, end_at, status,
                                hold_expires_at, confirmation_code, source, total_amount, currency, notes,
                                buffer_before_minutes, buffer_after_minutes, processing_offset_minutes, processing_minutes, visit_id,
                                cancellation_hours, no_show_fee_percent, late_cancel_fee_percent, refund_deadline_at,
                                guest_first_name, guest_last_name, guest_phone, client_network,
                                sms_opt_in, sms_phone_typed, sms_phone, locale, gift_card_id, gift_card_amount, created_at, updated_at)
          SELECT ${p.bookingId}, ${tenant.id}, ${services[i].id}, ${p.staffId}, ${record.idSql}, ${record.accountSql},
                 ${p.startMs}, ${p.endMs}, ${status}, ${checkout?.holdExpiresAt ?? null}, ${itemCode}, ${input.source}, ${services[i].price},
                 ${tenant.currency}, ${c.notes ?? ""}, ${p.bufferBeforeMinutes}, ${p.bufferAfterMinutes},
                 ${p.processing?.offsetMinutes ?? 0}, ${p.processing?.minutes ?? 0}, ${visitId},
                 ${terms.cancellationHours}, ${terms.noShowFeePercent}, ${terms.lateCancelFeePercent}, ${terms.refundDeadlineAt},
                 ${typed?.first ?? null}, ${typed?.last ?? null}, ${typed?.phone ?? null}, ${network},
                 ${sms.optIn ? 1 : 0}, ${c.phone ?? ""}, ${smsPhone}, ${input.locale ?? tenant.locale},
                 ${i === 0 ? gift.giftCardId : null}, ${i === 0 ? gift.giftCardAmount : 0}, ${t}, ${t}
          WHERE ${inserted}`),
      );
    });
    b.add(assignVisitResources(db, placed, tenant.id, visitId, now, inserted));
    // The card's decrement and its redemption hang on the first item, as every payment of the visit.
    if (paid) b.add(paid.writes(db, { id: anchorId, tenantId: tenant.id, currency: tenant.currency }, now, inserted));
    // A visit held for payment tells nobody until it is paid (the payment's confirmation does, for the whole visit).
    const anchorWritten = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${anchorId})`;
    const held = checkout?.effects(db, anchorWritten, sql`NOT ${anchorWritten}`);
    const base = {
      id: anchorId,
      tenantId: tenant.id,
      slug: tenant.slug,
      businessName: tenant.businessName,
      accent: tenant.templateAccent,
      location: locationOf(tenant),
      timezone: tenant.timezone,
      serviceId: items[0].serviceId,
      serviceName: visitServiceName(items),
      staffId: items[0].staffId,
      staffName: visitStaffName(items),
      confirmationCode: code,
      startAt: slot.startMs,
      endAt: slot.endMs,
      sequence: 0,
      source: input.source,
      totalAmount,
      currency: tenant.currency,
      notes: c.notes ?? "",
      customer: { firstName: c.firstName, lastName: c.lastName ?? "", email, phone: c.phone ?? "" },
      sms,
      locale: input.locale ?? tenant.locale,
      businessLocale: tenant.locale,
    };
    b.add(held ?? bookingEffects(ctx, "created", visitCreatedFacts(base, visitId, items), inserted));
    // design.md §28 (docs/decisions.md, Visits): each item ends its customer's entry waiting for
    // that service at that time, as a booking of it alone would; held or not, as a booking's create.
    for (const item of items) {
      b.add(endEntriesBooked(db, { tenantId: tenant.id, bookingId: item.id, email, ...item }, now, inserted));
    }
    if (scope.kind === "owner") {
      for (const item of items) {
        b.add(
          bookingHistoryInsert(
            db,
            {
              bookingId: item.id,
              action: "booking.created",
              actor: actorOf(scope, null),
              metadata: { source: input.source, override: input.override === true, visitId },
            },
            now,
            inserted,
          ),
        );
      }
    }
    b.add(record.created);
    // One statement (as a booking's create, issue #42): whether the business is open, whether the
    // hold caps still allow a hold (concurrent creates: a 429, not a lost slot), the visit's customer
    // record and account when it was written (on its first item) and the resources each item holds.
    const outcome = b.add(
      db.all<{
        open: number;
        holdsOk: number;
        giftShort?: number;
        written: string | null;
        customerId: string;
        customerAccountId: string | null;
        held: string;
      }>(sql`
        SELECT ${tenantOpenSql(tenant.id)} AS open, ${holdCaps} AS holdsOk, ${paid ? sql`${paid.outcomeSql(now)},` : sql``} a.id AS written,
               a.customer_id AS customerId, a.customer_account_id AS customerAccountId,
               (SELECT json_group_object(i.id, json(${resourceIdsOf(sql`i.id`)})) FROM bookings i WHERE i.visit_id = ${visitId}) AS held
        FROM (SELECT 1) LEFT JOIN bookings a ON a.id = ${anchorId}`),
    );
    try {
      await b.run(ctx);
    } catch (err) {
      const columns = uniqueViolation(err);
      const codeTaken = columns?.includes("bookings.confirmation_code") || columns?.includes("visits.confirmation_code");
      if (codeTaken && attempt < CODE_ATTEMPTS) continue;
      if (columns?.includes("bookings.staff_id")) throw slotTaken();
      throw err;
    }
    const [row] = outcome.result();
    if (!row?.written) {
      if (scope.kind === "public" && !row?.open) throw ApiError.notFound("Business");
      if (!row?.holdsOk) throw holdsRefused(firstHoldEnd(liveHolds, now.getTime()));
      const lost = paid?.lostRace(row);
      if (lost) throw lost;
      throw slotTaken();
    }
    const heldById = JSON.parse(row.held ?? "{}") as Record<string, string[]>;
    return {
      id: visitId,
      tenantId: tenant.id,
      timezone: tenant.timezone,
      confirmationCode: code,
      status,
      customerUserId: row.customerAccountId,
      customerId: row.customerId,
      startAt: slot.startMs,
      endAt: slot.endMs,
      totalAmount,
      currency: tenant.currency,
      source: input.source,
      notes: c.notes ?? "",
      items: items.map((i, n) => ({
        id: i.id,
        serviceId: i.serviceId,
        staffId: i.staffId,
        startAt: i.startAt,
        endAt: i.endAt,
        totalAmount: i.totalAmount,
        processingOffsetMinutes: placed[n].processing?.offsetMinutes ?? 0,
        processingMinutes: placed[n].processing?.minutes ?? 0,
        resourceIds: heldById[i.id] ?? [],
      })),
      payment: checkout
        ? (paid?.payment(checkout.payment) ?? checkout.payment)
        : scope.kind === "public" && tenant.requirePayment
          ? null
          : undefined,
    };
  }
}
