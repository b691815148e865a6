import { type SQL, sql } from "drizzle-orm";
import { loadConfig } from "../../config";
import { localMonth } from "../../domain/sms/limits";
import { normalizeReply, replyIntent, type ReplyIntent } from "../../domain/sms/keywords";
import { countSegments } from "../../domain/sms/segments";
import { type SmsTemplate, smsText } from "../../domain/sms/templates";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { linkBase } from "../../lib/links";
import { formatMoney } from "../../shared/format";
import { auditInsert } from "../audit";
import { batch, type Part } from "../batch";
import { cancelBooking } from "../bookings/cancel";
import type { BookingCtx } from "../bookings/scope";
import { shortManageLink } from "./link";
import { optedOutSql, optOutKeys } from "./opt-outs";
import { smsInsert } from "./outbox";

/**
 * A customer's text to the platform's number (design.md §27), already verified as Twilio's. The
 * reply applies to the booking of the most recent reminder sent to that number in the last 48
 * hours: Y (or its word in any language) confirms it, N cancels it as the customer (the refund
 * rules of §21, through the one cancel use case) and a text says what happened; STOP and Twilio's
 * other opt-out words stop every text of the platform's sender to that number, for every business
 * (CANCEL among them, so it never cancels a booking); START opts back in; anything else gets one
 * help text. Every reply is a text job counted like any other.
 *
 * Once only: the incoming text is recorded under its MessageSid (unique) in the same batch as
 * everything it changes and its reply, each gated on that record being new, so a redelivered
 * webhook changes nothing twice. A cancellation runs first, through its own batches (it is
 * idempotent: a repeat finds the booking cancelled); if the record then fails, Twilio delivers
 * again and the repeat records it.
 */

export type IncomingText = { messageSid: string; from: string; body: string };

/** A reply is matched to a reminder sent this recently. */
export const REPLY_WINDOW_MS = 48 * 3_600_000;
/** An auto-responder answering our help text with another text gets no second help text this soon. */
const HELP_QUIET_MS = 10 * 60_000;
const MAX_BODY = 1600;

type Context = {
  tenantId: string;
  bookingId: string | null;
  customerId: string | null;
  businessName: string;
  timezone: string;
  /** design.md §30: the language of the booking the reply is about, else the business's. */
  locale: string | null;
};
type ReminderContext = Context & { bookingId: string; code: string; status: string; startAt: number };

const E164 = /^\+[1-9]\d{6,14}$/;

export async function receiveText(ctx: BookingCtx, msg: IncomingText): Promise<void> {
  const { db, now } = ctx;
  // Twilio sends E.164; anything else is not a number we could ever have texted.
  if (!E164.test(msg.from) || !msg.messageSid) return;
  const t = now.toISOString();
  const since = new Date(now.getTime() - REPLY_WINDOW_MS).toISOString();
  const [seen, optedOut, reminders, last, recentHelp] = await db.batch([
    db.all<{ one: number }>(sql`SELECT 1 AS one FROM sms_messages WHERE provider_sid = ${msg.messageSid}`),
    db.all<{ one: number }>(sql`SELECT 1 AS one WHERE ${optedOutSql(msg.from)}`),
    db.all<ReminderContext>(sql`
      SELECT m.tenant_id AS tenantId, m.booking_id AS bookingId, m.customer_id AS customerId, t.business_name AS businessName,
             t.timezone, b.confirmation_code AS code, b.status, b.start_at AS startAt, COALESCE(b.locale, t.locale) AS locale
      FROM sms_messages m JOIN bookings b ON b.id = m.booking_id JOIN tenants t ON t.id = m.tenant_id
      WHERE m.phone = ${msg.from} AND m.direction = 'out' AND m.template = 'reminder' AND m.sent_at >= ${since}
      ORDER BY m.sent_at DESC LIMIT 1`),
    // Whose customer this number is when no reminder is waiting: the business that texted it last.
    db.all<Context>(sql`
      SELECT m.tenant_id AS tenantId, m.booking_id AS bookingId, m.customer_id AS customerId, t.business_name AS businessName, t.timezone,
             COALESCE((SELECT locale FROM bookings WHERE id = m.booking_id), t.locale) AS locale
      FROM sms_messages m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.phone = ${msg.from} AND m.direction = 'out' ORDER BY m.created_at DESC LIMIT 1`),
    db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM sms_messages WHERE phone = ${msg.from} AND direction = 'out'
        AND template IN ('help', 'reply_no_booking') AND created_at >= ${new Date(now.getTime() - HELP_QUIET_MS).toISOString()}`),
  ]);
  if (seen.length) return;
  const intent = replyIntent(msg.body, optedOut.length > 0);
  const reminder = reminders[0];
  const context: Context | undefined = reminder ?? last[0];
  const { reply, moneyLine } = await decide(ctx, intent, reminder, context, (recentHelp[0]?.n ?? 0) > 0);

  const inboundId = newId("sms");
  const body = msg.body.slice(0, MAX_BODY);
  const b = batch(db);
  b.add(
    db.run(sql`
      INSERT INTO sms_messages (id, tenant_id, booking_id, customer_id, direction, phone, body, template, segments, status, provider_sid,
                                created_at, updated_at)
      VALUES (${inboundId}, ${context?.tenantId ?? null}, ${context?.bookingId ?? null}, ${context?.customerId ?? null}, 'in',
              ${msg.from}, ${body}, ${intent}, ${countSegments(body).segments}, 'received', ${msg.messageSid}, ${t}, ${t})
      ON CONFLICT (provider_sid) DO NOTHING`),
  );
  const fresh = sql`EXISTS (SELECT 1 FROM sms_messages WHERE id = ${inboundId})`;
  for (const part of changes(ctx, intent, msg, reminder, fresh)) b.add(part);
  if (reply && context) {
    b.add(
      smsInsert(
        db,
        {
          tenantId: context.tenantId,
          businessName: context.businessName,
          bookingId: reminder?.bookingId ?? context.bookingId,
          customerId: context.customerId,
          phone: msg.from,
          template: reply,
          body: smsText(
            reply,
            {
              businessName: context.businessName,
              timezone: context.timezone,
              startAt: reminder?.startAt,
              link: reminder ? shortManageLink(linkBase(loadConfig(ctx.env)), reminder.code) : "",
              moneyLine,
            },
            context.locale,
          ),
          month: localMonth(context.timezone, now.getTime()),
        },
        now,
        fresh,
      ),
    );
  }
  // After commit the reply's job goes to the queue.
  await b.run(ctx);
}

/** What the reply will be, after the one change that cannot ride in the record's batch (a cancellation). */
async function decide(
  ctx: BookingCtx,
  intent: ReplyIntent,
  reminder: ReminderContext | undefined,
  context: Context | undefined,
  helpedRecently: boolean,
): Promise<{ reply: SmsTemplate | null; moneyLine?: string }> {
  // A number no business has texted gets nothing back: texting us cannot make us text strangers.
  if (!context) return { reply: null };
  if (intent === "opt_out" || intent === "opt_in" || intent === "carrier_help") return { reply: null };
  if (intent === "other") return { reply: helpedRecently ? null : "help" };
  if (!reminder) return { reply: helpedRecently ? null : "reply_no_booking" };
  if (intent === "confirm") return { reply: reminder.status === "confirmed" ? "reply_confirmed" : "reply_unchanged" };
  if (reminder.status !== "confirmed" && reminder.status !== "pending") return { reply: "reply_unchanged" };
  try {
    const result = await cancelBooking(
      ctx,
      { kind: "public", code: reminder.code },
      { reason: "Cancelled by the customer's text reply", byText: true },
    );
    const refund = result.refund;
    return { reply: "reply_cancelled", moneyLine: refund ? `${formatMoney(refund.amount, refund.currency)} will be refunded to you.` : "" };
  } catch (err) {
    if (err instanceof ApiError && (err.code === "not_cancellable" || err.code === "not_found")) return { reply: "reply_unchanged" };
    throw err;
  }
}

/** The changes of an opt-out, an opt-in or a confirmation, gated on the incoming text being new. */
function changes(ctx: BookingCtx, intent: ReplyIntent, msg: IncomingText, reminder: ReminderContext | undefined, fresh: SQL): Part[] {
  const { db, now } = ctx;
  const t = now.toISOString();
  if (intent === "opt_out") {
    return [
      // Kept as the hash already (an erased customer's number): no plain number again.
      db.run(sql`INSERT INTO sms_opt_outs (phone, keyword, created_at) SELECT ${msg.from}, ${normalizeReply(msg.body)}, ${t}
        WHERE ${fresh} AND NOT ${optedOutSql(msg.from)}
        ON CONFLICT (phone) DO NOTHING`),
    ];
  }
  if (intent === "opt_in") {
    const [plain, hashed] = optOutKeys(msg.from);
    return [db.run(sql`DELETE FROM sms_opt_outs WHERE phone IN (${plain}, ${hashed}) AND ${fresh}`)];
  }
  if (intent !== "confirm" || reminder?.status !== "confirmed") return [];
  return [
    db.run(sql`UPDATE bookings SET customer_confirmed_at = ${t}, updated_at = ${t}
      WHERE id = ${reminder.bookingId} AND status = 'confirmed' AND customer_confirmed_at IS NULL AND ${fresh}`),
    // The booking's history (the owner app): "Confirmed by the customer's reply".
    auditInsert(
      db,
      {
        action: "booking.customer_confirmed",
        actorType: "customer",
        actorId: reminder.customerId ?? "guest",
        targetType: "booking",
        targetId: reminder.bookingId,
        metadata: { via: "sms" },
      },
      now,
      sql`changes() > 0`,
    ),
  ];
}
