import { describe, expect, it } from "vitest";
import { cancelBooking } from "../../../src/services/bookings/cancel";
import { changedBeforeSecondBatch, servicesFor } from "../../helpers/db";
import { heldBooking, intentObject, paymentsOf, refundsOf, sendEvent, stripeEvent } from "./support";
import { outboxMails } from "../../helpers/mail";

// One cancel (issue #34 item 2): the cancellation's money is decided on the status it read, and
// every write of it is conditional on that status. A payment that confirms the booking between
// the cancel's read and its write must not leave a paid booking released as unpaid.

const BERLIN = { timezone: "Europe/Berlin", cancellationHours: 24 };
const START = "2031-03-30T12:00:00";
const BOOKED_AT = "2031-03-01T09:00:00.000Z";
/** Weeks before the start: a customer's cancellation is refunded in full. */
const CANCEL_AT = new Date("2031-03-01T09:05:00.000Z");

describe("a customer's cancellation racing the payment that confirms the booking", () => {
  it("cancels it as the paid booking it became: refunded by the policy and the customer told, never released unpaid", async () => {
    const held = await heldBooking({ now: BOOKED_AT, start: START, tenant: BERLIN });
    const paid = async () => {
      const res = await sendEvent(stripeEvent("payment_intent.succeeded", await intentObject(held.booking.id)));
      expect(res.status).toBe(200);
    };
    const ctx = servicesFor(changedBeforeSecondBatch(paid), CANCEL_AT);

    const result = await cancelBooking(ctx, { kind: "public", code: held.booking.confirmationCode }, {});

    expect(result).toMatchObject({
      alreadyCancelled: false,
      booking: { status: "cancelled" },
      refund: { amount: 1200, currency: "EUR", status: "pending" },
    });
    const [payment] = await paymentsOf(held.booking.id);
    expect(payment.status).toBe("succeeded");
    expect(await refundsOf(payment.id)).toMatchObject([{ amount: 1200, reason: "customer_cancel", status: "pending" }]);
    const mails = await outboxMails(held.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(["booking.cancelled", "booking.confirmed"]);
    expect(mails.find((m) => m.kind === "booking.cancelled")!.textBody).toContain("We are refunding €12.00 to your card");
  });
});
