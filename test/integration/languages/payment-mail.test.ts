import { describe, expect, it } from "vitest";
import { ownerToken } from "../../helpers/factories";
import { patch, post } from "../../helpers/api";
import { cronAt } from "../notifications/support";
import {
  book,
  bookingBody,
  deliverBatch,
  intentObject,
  jobMessage,
  jobsWithKey,
  minutesAgo,
  payingTenant,
  sendEvent,
  stripeEvent,
} from "../payments/support";
import { outboxMails } from "../../helpers/mail";

// design.md §30 (issue #41): the e-mails about a booking's money (a late payment refunded, the
// refund or kept deposit of a cancellation, a fee charged) speak the booking's language, with money
// and dates through Intl for it ("12,00 €", "Mi., 14. Mai 2031, 10:00").

const NOW = "2031-05-01T12:00:00.000Z";
const START = "2031-05-14T10:00:00";
const AFTER_START = "2031-05-14T15:00:00.000Z";
const FEES = { requirePayment: false, noShowFeePercent: 50, lateCancelFeePercent: 30 };
const cancelBody = {};
const plain = (s: string) => s.replace(/[^\S\n]/g, " ");

/** A booking in `locale` whose card is saved for fees (nothing prepaid). */
async function cardOnFile(locale: string) {
  const setup = await payingTenant({ price: 4000, depositPercent: 0, tenant: FEES });
  const body = { ...bookingBody(setup.service.id, setup.staff.id, START), locale };
  const res = await book(setup.tenant.slug, body, { now: NOW });
  expect(res.status, res.text).toBe(201);
  const booking = res.body.data;
  const saved = stripeEvent("setup_intent.succeeded", {
    id: booking.payment.setupClientSecret.split("_secret_")[0],
    object: "setup_intent",
    status: "succeeded",
    payment_method: `pm_${crypto.randomUUID().slice(0, 8)}`,
    metadata: { booking_id: booking.id, tenant_id: setup.tenant.id },
  });
  expect((await sendEvent(saved)).status).toBe(200);
  return { ...setup, booking, email: body.customer.email };
}

/** A booking in `locale` whose 30 % deposit (12,00 €) was paid. */
async function paidDeposit(locale: string, now: string | Date = NOW) {
  const setup = await payingTenant({ price: 4000, depositPercent: 30 });
  const body = { ...bookingBody(setup.service.id, setup.staff.id, START), locale };
  const res = await book(setup.tenant.slug, body, { now });
  expect(res.status, res.text).toBe(201);
  return { ...setup, booking: res.body.data, email: body.customer.email };
}

const mailOf = async (to: string, kind: string) => {
  const mail = (await outboxMails(to)).find((m) => m.kind === kind);
  if (!mail) throw new Error(`no ${kind} e-mail to ${to}`);
  return mail;
};

describe("payment e-mails in the booking's language", () => {
  it("a no-show fee charged to a German booking's card: subject, reason, money and date in German", async () => {
    const c = await cardOnFile("de");
    const marked = await patch(
      `/api/bookings/${c.booking.id}/status`,
      { status: "no_show" },
      { token: await ownerToken(c.tenant.ownerId, c.tenant.id, "owner", new Date(AFTER_START)), now: AFTER_START },
    );
    expect(marked.status).toBe(200);
    await cronAt(AFTER_START, c.tenant.id);
    await cronAt(AFTER_START, c.tenant.id);
    const mail = await mailOf(c.email, "payment.no_show_fee_charged");
    expect(plain(mail.subject)).toBe(`Business ${c.tenant.slug} hat eine Ausfallgebühr von 20,00 € berechnet`);
    expect(mail.raw.language).toBe("de");
    expect(mail.htmlBody).toContain('<html lang="de">');
    const text = plain(mail.textBody);
    expect(text).toContain("Hallo Ada Lovelace,");
    expect(text).toContain("Sie sind nicht zu Ihrem Termin für Colour am Mi., 14. Mai 2031, 10:00 (America/New_York) erschienen.");
    expect(text).toContain("die Gebühr von 20,00 € von Ihrer hinterlegten Karte abgebucht");
    expect(text).toContain(`Referenz: ${c.booking.confirmationCode}`);
  });

  it("a late cancellation of a Spanish booking: the fee announced in the cancellation, then charged, in Spanish", async () => {
    const c = await cardOnFile("es");
    const LATE = "2031-05-14T02:00:00.000Z";
    expect((await post(`/api/public/booking/${c.booking.confirmationCode}/cancel`, cancelBody, { now: LATE })).status).toBe(200);
    const cancelled = await mailOf(c.email, "booking.cancelled");
    // 24 hours after the cancellation: 22:00 the evening before the appointment, New York time.
    expect(plain(cancelled.textBody)).toContain(
      "El mié, 14 may 2031, 22:00 se cobrará en su tarjeta guardada un cargo por cancelación tardía de 12,00 €, salvo que el negocio renuncie a él.",
    );

    const [job] = await jobsWithKey("stripe.fee_charge", `fee-${c.booking.id}-late_cancel_fee`);
    await deliverBatch([jobMessage("stripe.fee_charge", job.id, new Date("2031-05-15T02:00:01Z"))]);
    const charged = await mailOf(c.email, "payment.late_cancel_fee_charged");
    expect(plain(charged.subject)).toBe(`Business ${c.tenant.slug} ha cobrado un cargo de 12,00 € por cancelación tardía`);
    expect(charged.raw.language).toBe("es");
    expect(plain(charged.textBody)).toContain(
      "Canceló su cita de Colour del mié, 14 may 2031, 10:00 (America/New_York) más tarde de lo que permite la política de cancelación.",
    );
  });

  it("a deposit refunded (German) or kept under the policy (Spanish) says so in the cancellation e-mail", async () => {
    const early = await paidDeposit("de");
    expect((await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(early.booking.id)))).status).toBe(200);
    expect((await post(`/api/public/booking/${early.booking.confirmationCode}/cancel`, cancelBody, { now: NOW })).status).toBe(200);
    expect(plain((await mailOf(early.email, "booking.cancelled")).textBody)).toContain(
      "Wir erstatten 12,00 € auf Ihre Karte. Je nach Bank kann es 5 bis 10 Tage dauern, bis der Betrag erscheint.",
    );

    const late = await paidDeposit("es");
    expect((await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(late.booking.id)))).status).toBe(200);
    const inWindow = "2031-05-14T02:00:00.000Z";
    expect((await post(`/api/public/booking/${late.booking.confirmationCode}/cancel`, cancelBody, { now: inWindow })).status).toBe(200);
    expect(plain((await mailOf(late.email, "booking.cancelled")).textBody)).toContain(
      "Como la reserva se canceló dentro del plazo de cancelación, se retienen los 12,00 € que pagó. La política de cancelación dice: «Cancel at least 24 hours ahead for a full refund.»",
    );
  });

  it("a payment that arrives after its hold was released is refunded with an e-mail in the booking's language", async () => {
    // The hold is made 20 minutes before the wall clock, so the business's cron releases it now.
    const held = await paidDeposit("es", minutesAgo(20));
    await cronAt(new Date(), held.tenant.id);
    expect((await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id)))).status).toBe(200);
    const told = await mailOf(held.email, "payment.late_refunded");
    expect(told.subject).toBe(`Reembolso de su pago a Business ${held.tenant.slug}`);
    expect(told.raw.language).toBe("es");
    const text = plain(told.textBody);
    expect(text).toContain("Su pago de 12,00 € por Colour el mié, 14 may 2031, 10:00 (America/New_York) nos llegó después");
    expect(text).toContain("Le reembolsamos el importe completo de 12,00 € en su tarjeta.");
  });
});
