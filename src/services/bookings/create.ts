import { sql } from "drizzle-orm";
import { newConfirmationCode } from "../../domain/confirmation-code";
import { processingOf } from "../../domain/busy";
import { e164Of, regionOf } from "../../domain/sms/phone";
import { MINUTE_MS } from "../../domain/time";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { uniqueViolation } from "../../db/unique-violation";
import { publicCreateChecks, recordUpdateAllowed, storedTerms, unwrittenCreateError } from "./create-rules";
import { holdCapsSql, liveHoldsQuery } from "./hold-caps";
import { batch } from "../batch";
import { businessFacts } from "../notifications/booking-mail";
import { startCheckout } from "../payments/checkout";
import { parseResourceTypes } from "../schedule-data";
import { endEntriesBooked } from "../waitlist/trigger";
import { createdEventFacts } from "./created-facts";
import { customerRecord } from "./customer-record";
import { bookingEffects, staffFreeSql, tenantOpenSql } from "./effects";
import { slotTaken } from "./front-desk";
import { chosenSlot } from "./chosen-slot";
import { actorOf, bookingHistoryInsert } from "./history";
import { createRead } from "./create-read";
import { bookingInsert } from "./create-insert";
import { createOutcome } from "./create-outcome";
import { prepaidReads } from "./prepaid-at-create";
import { priceBooking } from "./pricing";
import { bookingRestricted, reliabilityDemand } from "../reliability/demand";
import { assignResources, type ResourceHold, resourcesAvailableSql } from "./resources";
import { type BookingCtx, type BookingScope, parseStaffIds, tenantIdSql } from "./scope";
import type { CreateBookingInput, CreatedBooking } from "./create-types";

export type { CreateBookingInput, CreatedBooking, CustomerInput } from "./create-types";

const CODE_ATTEMPTS = 4;

/**
 * Creates a confirmed booking. Two libSQL round trips: one read (ONE prepared statement: tenant,
 * service, staff, the staff member's schedule rows for the date: hours, override, closures,
 * buffered bookings, time off; ./create-read.ts) and one write batch (customer upsert, conditional
 * booking insert that stores the service's buffers, the e-mails' facts, webhook deliveries,
 * read-back). The read stays a batch so a check of its own can join it. The reliability record
 * of a recognised customer (design.md §28) is a column of that one read. A customer record this create
 * makes (not one it updates) is announced as `customer.created` (design.md §19).
 *
 * A public create at a business that takes payment (design.md §21) makes the Stripe call between
 * the two (src/services/payments/checkout.ts) and writes the booking `pending` with a hold and its
 * payment instead of the confirmation e-mail and webhook; those follow when the payment succeeds.
 * The customer record is written with the hold, so `customer.created` is sent then, whatever the
 * payment's outcome: the record stays when a hold ends unpaid.
 * Owner-created bookings are never held.
 *
 * Errors: 404 not_found (tenant/service/staff; public: also a business suspended while the insert
 * ran), 403 guest_disabled, 409 slot_taken (not an offered slot, or lost the race: the insert's own
 * NOT EXISTS guard, then the partial unique index).
 */
export async function createBooking(ctx: BookingCtx, scope: BookingScope, input: CreateBookingInput): Promise<CreatedBooking> {
  const { db, now } = ctx;
  const read = createRead(db, scope, {
    serviceId: input.serviceId,
    staffProfileId: input.staffProfileId,
    date: input.start.date,
    accountId: scope.kind === "public" ? (input.customerAccountId ?? null) : null,
    email: (input.customer.email ?? "").toLowerCase(),
    phone: input.customer.phone,
    nowMs: now.getTime(),
  });
  const reads = batch(db);
  const found = reads.add(read.statement);
  // design.md §31: the business's unpaid holds, for the hold caps (public creates only), in the same round trip.
  const holds = reads.add(liveHoldsQuery(db, scope.kind === "public" ? tenantIdSql(scope) : sql`NULL`, now.getTime()));
  // design.md §32: the gift card and promo code in the same round trip (a code's HMAC computed first, no I/O).
  const prepaid =
    scope.kind === "public"
      ? await prepaidReads(ctx.env, db, reads, tenantIdSql(scope), input, {
          email: (input.customer.email ?? "").toLowerCase(),
          accountId: input.customerAccountId ?? null,
          serviceIds: [input.serviceId],
          now,
        })
      : null;
  await reads.run();
  const { tenant, service, staff, accountId, reliability, rows } = read.decode(found.result());
  const liveHolds = holds.result();
  if (scope.kind === "public" && !accountId && !tenant.allowGuestBooking) {
    throw new ApiError("guest_disabled", "This business only takes bookings from signed-in customers");
  }

  const buffers = { bufferBeforeMinutes: service.bufferBeforeMinutes, bufferAfterMinutes: service.bufferAfterMinutes };
  const staffIds = parseStaffIds(service.staffIds);
  const processing = processingOf(service.durationMinutes, service.processingOffsetMinutes, service.processingMinutes);
  const types = parseResourceTypes(service.resourceTypes);
  const override = scope.kind === "owner" && input.override === true;
  const slot = chosenSlot(
    { scope: scope.kind, rules: tenant, staffId: staff.id, rows, start: input.start, override, field: "startDatetime", now },
    { durationMinutes: service.durationMinutes, buffers, processing, staffIds, types },
  );

  const email = (input.customer.email ?? "").toLowerCase();
  const c = input.customer;
  const t = now.toISOString();
  // design.md §27: the number texts go to, read by the business's country; one that does not
  // parse is kept as typed and gets no texts. Parsed once: the reliability record is matched on it too.
  const smsPhone = e164Of(c.phone, regionOf(tenant));
  // design.md §28: the step the business's reliability policy asks of a customer it recognises.
  const demand = scope.kind === "public" ? reliabilityDemand(tenant, reliability, smsPhone, now) : null;
  // The public price (promo, amount due, gift card) as the quote shows it (./pricing.ts); owners' bookings are never held.
  const priced = prepaid ? priceBooking({ tenant, services: [service], prepaid, demand: demand?.checkout, now }) : null;
  const paid = priced?.paid;
  const price = paid?.price ?? service.price;
  const plan = priced?.plan ?? null;
  const taken = paid?.columns ?? NO_PREPAID;
  // design.md §31: bot protection and the hold caps, before anything is held or paid.
  const network = await publicCreateChecks(ctx, scope, tenant, { ...input, email, holding: plan !== null }, liveHolds);
  if (demand?.blocked) throw bookingRestricted(tenant);
  const sms = { optIn: c.smsOptIn === true, phone: smsPhone };
  const locale = input.locale ?? tenant.locale;
  const hold: ResourceHold = {
    tenantId: tenant.id,
    types,
    fromMs: slot.startMs - buffers.bufferBeforeMinutes * MINUTE_MS,
    toMs: slot.endMs + buffers.bufferAfterMinutes * MINUTE_MS,
  };
  const free = sql`${staffFreeSql({ staffId: staff.id, startMs: slot.startMs, endMs: slot.endMs, ...buffers, processing })}
    AND ${resourcesAvailableSql(hold)}
    ${scope.kind === "public" ? sql`AND ${tenantOpenSql(tenant.id)}` : sql``}
    ${plan ? sql`AND ${holdCapsSql(tenant.id, email, network, now.getTime())}` : sql``}
    ${paid ? paid.guard(now) : sql``}`;
  const terms = storedTerms(tenant, slot.startMs);
  const mayUpdateRecord = recordUpdateAllowed(scope, accountId);
  const typed = scope.kind === "public" ? { first: c.firstName, last: c.lastName ?? "", phone: c.phone ?? "" } : null;

  // Chosen up front: the payment's idempotency key and metadata name it before it is written.
  const id = newId("bkg");
  const checkout = plan
    ? await startCheckout(ctx.env, now, plan, {
        bookingId: id,
        tenant,
        price,
        startAt: slot.startMs,
        customer: { email, firstName: c.firstName, lastName: c.lastName ?? "" },
      })
    : null;
  const status = checkout?.status ?? "confirmed";

  for (let attempt = 1; ; attempt++) {
    const code = newConfirmationCode();
    // The customer record is written only when the booking will be (same condition, same batch).
    const record = customerRecord(db, { tenantId: tenant.id, accountId, customer: c, email, now, gate: free, mayUpdate: mayUpdateRecord });
    const keys = { id, tenantId: tenant.id, serviceId: service.id, staffId: staff.id, startAt: slot.startMs, endAt: slot.endMs };
    // Right after the upsert, which carries the guard: see bookingInsert.
    const insertBooking = bookingInsert(db, {
      ...keys,
      ...{ customerKey: record.key, accountId: record.accountId, status, holdExpiresAt: checkout?.holdExpiresAt ?? null },
      ...{ confirmationCode: code, source: input.source, totalAmount: price, currency: tenant.currency, notes: c.notes ?? "" },
      ...buffers,
      ...{ processingOffsetMinutes: processing?.offsetMinutes ?? 0, processingMinutes: processing?.minutes ?? 0 },
      ...{ terms, typed, network, sms: { ...sms, typed: c.phone ?? "" }, locale, prepaid: taken, at: t },
    });
    const inserted = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${id})`;
    // A booking held for payment tells nobody and schedules no reminder yet: the payment's success
    // does, with these same facts (src/services/payments/confirm.ts through createdEventFacts).
    const held = checkout?.effects(db, inserted, sql`NOT ${inserted}`);
    const effects =
      held ??
      bookingEffects(
        ctx,
        "created",
        createdEventFacts({
          id,
          tenantId: tenant.id,
          ...businessFacts(tenant),
          serviceId: service.id,
          serviceName: service.name,
          staffId: staff.id,
          staffName: staff.displayName,
          confirmationCode: code,
          startAt: slot.startMs,
          endAt: slot.endMs,
          sequence: 0,
          source: input.source,
          totalAmount: price,
          currency: tenant.currency,
          notes: c.notes ?? "",
          customer: { firstName: c.firstName, lastName: c.lastName ?? "", email, phone: c.phone ?? "" },
          sms,
          locale,
          businessLocale: tenant.locale,
        }),
        inserted,
        // customer.created in the booking.created statement (issue #42): one statement less.
        record.createdEvent,
      );
    const b = batch(db);
    b.add(record.upsert);
    b.add(insertBooking);
    if (paid) b.add(paid.writes(db, { id, tenantId: tenant.id, currency: tenant.currency }, now, inserted));
    if (types.length) b.add(assignResources(db, id, hold, now, inserted));
    b.add(effects);
    // design.md §28: a waiting customer who books a time their entry matched leaves the waitlist.
    const matched = { tenantId: tenant.id, bookingId: id, email, serviceId: service.id, staffId: staff.id, ...slotSpan(slot) };
    b.add(endEntriesBooked(db, matched, now, inserted));
    // The booking's history names who made it for the business (design.md §15); online ones have none.
    if (scope.kind === "owner") {
      b.add(
        bookingHistoryInsert(
          db,
          { bookingId: id, action: "booking.created", actor: actorOf(scope, null), metadata: { source: input.source, override } },
          now,
          inserted,
        ),
      );
    }
    if (held) b.add(record.created());
    const outcome = b.add(createOutcome(db, { id, tenantId: tenant.id, now, hold: plan ? { email, network } : null, paid: paid ?? null }));

    try {
      // After commit: the confirmation's e-mails and webhooks, customer.created, or (a held
      // booking that lost the slot) the cancel jobs of its intents, whichever was written.
      await b.run(ctx);
    } catch (err) {
      const columns = uniqueViolation(err);
      if (columns?.includes("bookings.confirmation_code") && attempt < CODE_ATTEMPTS) continue;
      if (columns?.includes("bookings.staff_id")) throw slotTaken();
      throw err;
    }
    // A written booking always has its customer record (the upsert before it, under the same condition).
    const [row] = outcome.result();
    if (!row?.customerId) throw unwrittenCreateError(scope, row, { liveHolds, nowMs: now.getTime(), paid });
    return {
      id,
      tenantId: tenant.id,
      confirmationCode: code,
      status,
      customerUserId: row.customerAccountId,
      customerId: row.customerId,
      serviceId: service.id,
      staffId: staff.id,
      startAt: slot.startMs,
      endAt: slot.endMs,
      totalAmount: price,
      currency: tenant.currency,
      source: input.source,
      notes: c.notes ?? "",
      processingOffsetMinutes: processing?.offsetMinutes ?? 0,
      processingMinutes: processing?.minutes ?? 0,
      resourceIds: JSON.parse(row.resourceIds) as string[],
      payment: checkout
        ? (paid?.payment(checkout.payment) ?? checkout.payment)
        : scope.kind === "public" && tenant.requirePayment
          ? null
          : undefined,
    };
  }
}

const NO_PREPAID = { giftCardId: null, giftCardAmount: 0, promoCodeId: null, promoDiscount: 0, packageCreditId: null };

const slotSpan = (slot: { startMs: number; endMs: number }) => ({ startAt: slot.startMs, endAt: slot.endMs });

export { slotTaken };
