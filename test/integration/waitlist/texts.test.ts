import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { textsTo, typedUs, uniquePhone } from "../sms/support";
import { book, cronAt, DAY, join, NOW, offerLinkOf, offersTo, salon } from "./support";

// design.md §28 with §27 (issue #38): a waiting customer who gave a phone and agreed to texts hears
// of a freed time by text too, at a business that sends texts; the text carries the same booking
// link as the e-mail. Twilio is the capture server's stand-in.

const TEN = `${DAY}T10:00:00`;
const hour = [{ date: DAY, from: "10:00", to: "11:00" }];

async function freedHour() {
  const s = await salon({ tenant: { countryCode: "US", plan: "pro", smsConfirmations: true } });
  await book(s, s.kim.id, TEN);
  const booking = await book(s, s.sam.id, TEN);
  return { s, booking };
}

describe("waitlist offers by text", () => {
  it("texts the offer with its booking link to a customer who agreed, and sends no text to one who did not", async () => {
    const { s, booking } = await freedHour();
    const phone = uniquePhone();
    const silent = uniquePhone();
    const agreed = await join(s, hour, { phone: typedUs(phone), smsOptIn: true });
    const declined = await join(s, hour, { phone: typedUs(silent) });
    expect((await post(`/api/public/booking/${booking.code}/cancel`, {}, { now: NOW })).status).toBe(200);
    // The first run makes the offers (e-mail and text records); the text's job is sent by the next one.
    await cronAt(NOW, s.tenant.id);
    await cronAt(NOW, s.tenant.id);

    const [email] = await offersTo(agreed.email);
    const link = offerLinkOf(email).toString();
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toContain("a time you asked for is free: Mon 10 Mar 2031 at 10:00");
    expect(texts[0].body).toContain(`Book it here: ${link}`);
    expect(new URL(link).searchParams.get("staff")).toBe(s.sam.id);

    expect(await offersTo(declined.email)).toHaveLength(1);
    expect(await textsTo(silent)).toHaveLength(0);
  });
});
