import { sql } from "drizzle-orm";
import { newConfirmationCode } from "../../domain/confirmation-code";
import { e164Of, regionOf } from "../../domain/sms/phone";
import { uniqueViolation } from "../../db/unique-violation";
import { newId } from "../../lib/ids";
import { limitsFor } from "../availability";
import { batch } from "../batch";
import { publicCreateChecks, recordUpdateAllowed, storedTerms, unwrittenCreateError } from "../bookings/create-rules";
import { customerRecord } from "../bookings/customer-record";
import { holdCapsSql } from "../bookings/hold-caps";
import { resourceIdsOf } from "../bookings/lookup";
import { bookingEffects, tenantOpenSql } from "../bookings/effects";
import { slotTaken } from "../bookings/front-desk";
import { actorOf, bookingHistoryInsert } from "../bookings/history";
import { type BookingCtx, type BookingScope, parseStaffIds } from "../bookings/scope";
import { businessFacts } from "../notifications/booking-mail";
import { startCheckout } from "../payments/checkout";
import { priceBooking } from "../bookings/pricing";
import { bookingRestricted, reliabilityDemand } from "../reliability/demand";
import { decodeSchedule, parseResourceTypes } from "../schedule-data";
import { endEntriesBooked } from "../waitlist/trigger";
import { visitItemInsert } from "./create-items";
import { readVisit } from "./create-read";
import type { CreatedVisit, CreateVisitInput } from "./create-types";
import { decideVisit, specOfService } from "./decide";
import { visitCreatedFacts } from "./effects";
import { assignVisitResources, type PlacedItem, visitFreeSql } from "./guards";
import { visitServiceName, visitStaffName } from "./items";

export type { CreatedVisit, CreatedVisitItem, CreateVisitInput, VisitItemInput } from "./create-types";

const CODE_ATTEMPTS = 4;

const NO_PREPAID = { giftCardId: null, giftCardAmount: 0, promoCodeId: null, promoDiscount: 0, packageCreditId: null };

/**
 * Books 2–5 services back to back as one visit (design.md §26), all or nothing. Two libSQL round
 * trips, like one booking: a read (./create-read.ts: ONE statement for the business, services,
 * staff and schedule; the unpaid holds; the prepaid codes) and ONE write batch: the customer
 * record, the visit (its insert carries the whole visit's atomic guard: every item's staff member
 * free for its active parts, every item's resources, the prepaid takes), every item's booking row
 * and resources gated on the visit's row, one set of effects for the visit, read-backs. A public
 * visit at a business that takes payment is held like a booking (the items' shares summed, one
 * PaymentIntent on the first item) between the two.
 *
 * design.md §32 on a visit: a promo code lowers the price of the items it covers before the
 * deposit and counts one use; a package pays every item it covers with a credit each (all taken in
 * the one write, never below zero); a gift card pays the amount due first.
 *
 * Errors: 404 not_found (business, a service, a staff member), 403 guest_disabled, 409 slot_taken,
 * 400 fieldErrors.promoCode / packageCode / usePackage / giftCardCode.
 */
export async function createVisit(ctx: BookingCtx, scope: BookingScope, input: CreateVisitInput): Promise<CreatedVisit> {
  const { db, now } = ctx;
  const staffIds = input.items.map((i) => i.staffProfileId);
  const { row, tenant, services, staffNames, accountId, liveHolds, prepaid } = await readVisit(ctx, scope, input);

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
  const listed = placed.map((p, i) => ({
    id: p.bookingId,
    serviceId: services[i].id,
    serviceName: services[i].name,
    staffId: p.staffId,
    staffName: staffNames.get(p.staffId) ?? "",
    startAt: p.startMs,
    endAt: p.endMs,
    totalAmount: services[i].price,
  }));
  const c = input.customer;
  const email = (c.email ?? "").toLowerCase();
  // design.md §27: texts about the visit go to the number as read by the business's country (one text
  // per visit); the reliability record is matched on the same number.
  const smsPhone = e164Of(c.phone, regionOf(tenant));
  // design.md §28: a visit takes the reliability step as a single booking does.
  const demand = scope.kind === "public" ? reliabilityDemand(tenant, row.reliability, smsPhone, now) : null;
  // design.md §32: the promo code lowers the items it covers, a package pays the items it covers, and
  // the gift card takes what is then due first; only the rest is left to Stripe. The public price
  // as the quote shows it (../bookings/pricing.ts); owners' visits are never held.
  const priced = scope.kind === "public" ? priceBooking({ tenant, services, prepaid, demand: demand?.checkout, now }) : null;
  const paid = priced?.paid ?? null;
  const items = listed.map((item, n) => ({ ...item, totalAmount: priced?.prices[n] ?? item.totalAmount }));
  const plan = priced?.plan ?? null;
  const totalAmount = items.reduce((sum, i) => sum + i.totalAmount, 0);
  // design.md §31: bot protection and the hold caps, before anything is held or paid (a visit is one hold).
  const network = await publicCreateChecks(ctx, scope, tenant, { ...input, email, holding: plan !== null }, liveHolds);
  if (demand?.blocked) throw bookingRestricted(tenant);
  const checkout = plan
    ? await startCheckout(ctx.env, now, plan, {
        bookingId: anchorId,
        tenant,
        // What the customer pays for (a package session is paid already).
        price: paid?.chargedPrice ?? totalAmount,
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
    const common = {
      ...{ tenantId: tenant.id, visitId, code, customerIdSql: record.idSql, customerAccountSql: record.accountSql, status },
      ...{ holdExpiresAt: checkout?.holdExpiresAt ?? null, source: input.source, currency: tenant.currency, notes: c.notes ?? "" },
      ...{ terms, typed, network, sms: { ...sms, typed: c.phone ?? "" }, locale: input.locale ?? tenant.locale, at: t },
    };
    placed.forEach((p, i) => {
      const prepaidColumns = paid?.itemColumns(i) ?? NO_PREPAID;
      b.add(
        visitItemInsert(
          db,
          common,
          { placed: p, serviceId: services[i].id, totalAmount: items[i].totalAmount, prepaid: prepaidColumns },
          i,
          inserted,
        ),
      );
    });
    b.add(assignVisitResources(db, placed, tenant.id, visitId, now, inserted));
    // The card's decrement and its redemption, the promo's use and the package's credits hang on the first item, as every payment of the visit.
    if (paid) b.add(paid.writes(db, { id: anchorId, tenantId: tenant.id, currency: tenant.currency }, now, inserted));
    // A visit held for payment tells nobody until it is paid (the payment's confirmation does, for the whole visit).
    const anchorWritten = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${anchorId})`;
    const held = checkout?.effects(db, anchorWritten, sql`NOT ${anchorWritten}`);
    const base = {
      id: anchorId,
      tenantId: tenant.id,
      ...businessFacts(tenant),
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
    // customer.created in the booking.created statement when not held (issue #42).
    b.add(held ?? bookingEffects(ctx, "created", visitCreatedFacts(base, visitId, items), inserted, record.createdEvent));
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
    if (held) b.add(record.created());
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
    if (!row?.written) throw unwrittenCreateError(scope, row, { liveHolds, nowMs: now.getTime(), paid });
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
