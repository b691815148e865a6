import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { type SentEmail, sentTo } from "../notifications/support";
import { textsTo, typedUs, uniquePhone } from "../sms/support";
import { book, cronAt, DAY, entryRow, joinBody, NOW, type Salon, salon, type Window } from "../waitlist/support";

// design.md §30 (issue #41): the waitlist speaks the language of the page the customer joined on,
// kept on the entry: the joined e-mail at once, and the offer's e-mail, text and booking link when a
// time frees up later. Dates through Intl for the language; the number of times asked for in plural.

type Sent = SentEmail & { headers?: Record<string, string> };
const plain = (s: string) => s.replace(/[^\S\n]/g, " ");
/** The factories name a business after its slug. */
const biz = (s: Salon) => `Business ${s.tenant.slug}`;

async function joinIn(s: Salon, locale: string, windows: Window[], extra: Parameters<typeof joinBody>[2] = {}) {
  const body = { ...joinBody(s.service.id, windows, extra), locale };
  const res = await post(`/api/public/${s.tenant.slug}/waitlist`, body, { now: NOW });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as string, email: body.customer.email };
}

async function sent(to: string): Promise<Sent> {
  const mails = (await sentTo(to)) as Sent[];
  expect(mails).toHaveLength(1);
  return mails[0];
}

describe("the waitlist in the entry's language", () => {
  it("e-mails the joined confirmation in Spanish (one time) and German (two times), dates in each language", async () => {
    const s = await salon();
    const es = await joinIn(s, "es", [{ date: DAY, from: "10:00", to: "12:00" }]);
    const de = await joinIn(s, "DE", [
      { date: DAY, from: "10:00", to: "12:00" },
      { date: "2031-03-11", from: "14:00", to: "15:30" },
    ]);
    expect((await entryRow(es.id)).locale).toBe("es");
    // A tag in any case is kept as written canonically.
    expect((await entryRow(de.id)).locale).toBe("de");
    await cronAt(NOW, s.tenant.id);

    const spanish = await sent(es.email);
    expect(spanish.subject).toBe(`Está en la lista de espera de ${biz(s)}`);
    expect(spanish.headers).toEqual({ "Content-Language": "es" });
    expect(spanish.html).toContain('<html lang="es">');
    const esText = plain(spanish.text);
    expect(esText).toContain("Hola, Wendy:");
    expect(esText).toContain(`Está en la lista de espera de ${biz(s)} para Cut en este horario:`);
    expect(esText).toContain("- lun, 10 mar 2031, 10:00–12:00");
    expect(esText).toContain("Para salir de la lista de espera: http");

    const german = await sent(de.email);
    expect(german.subject).toBe(`Sie stehen auf der Warteliste von ${biz(s)}`);
    expect(german.headers).toEqual({ "Content-Language": "de" });
    const deText = plain(german.text);
    expect(deText).toContain(`Sie stehen bei ${biz(s)} auf der Warteliste für Cut, zu diesen 2 Zeiten:`);
    expect(deText).toContain("- Mo., 10. März 2031, 10:00–12:00\n- Di., 11. März 2031, 14:00–15:30");
  });

  it("a join without a language takes the business's, and English stays as it was", async () => {
    const s = await salon({ tenant: { locale: "de", bookingLanguages: ["de", "en"] } });
    const plainJoin = await post(
      `/api/public/${s.tenant.slug}/waitlist`,
      joinBody(s.service.id, [{ date: DAY, from: "10:00", to: "11:00" }]),
      {
        now: NOW,
      },
    );
    expect(plainJoin.status).toBe(201);
    expect((await entryRow(plainJoin.body.data.id)).locale).toBe("de");
    const en = await joinIn(s, "en", [
      { date: DAY, from: "10:00", to: "11:00" },
      { date: DAY, from: "13:00", to: "14:00" },
    ]);
    await cronAt(NOW, s.tenant.id);
    const english = await sent(en.email);
    expect(english.headers).toEqual({ "Content-Language": "en" });
    expect(english.text).toContain(`You are on the waitlist of ${biz(s)} for Cut at these 2 times:`);
    expect(english.text).toContain("- Mon 10 Mar 2031, 10:00 to 11:00\n- Mon 10 Mar 2031, 13:00 to 14:00");
  });

  it("refuses a language it does not know, and writes no entry", async () => {
    const s = await salon();
    const body = { ...joinBody(s.service.id, [{ date: DAY, from: "10:00", to: "11:00" }]), locale: "xx" };
    const res = await post(`/api/public/${s.tenant.slug}/waitlist`, body, { now: NOW });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors)).toEqual(["locale"]);
    const rows = await testDb().select().from(schema.waitlistEntries).where(eq(schema.waitlistEntries.email, body.customer.email));
    expect(rows).toEqual([]);
  });

  it("offers a freed time in German: the e-mail, the text and the link that opens the page in German", async () => {
    const s = await salon({ tenant: { countryCode: "US", plan: "pro", smsConfirmations: true } });
    const TEN = `${DAY}T10:00:00`;
    await book(s, s.kim.id, TEN);
    const booking = await book(s, s.sam.id, TEN);
    const phone = uniquePhone();
    const waiting = await joinIn(s, "de", [{ date: DAY, from: "10:00", to: "11:00" }], { phone: typedUs(phone), smsOptIn: true });
    expect((await post(`/api/public/booking/${booking.code}/cancel`, {}, { now: NOW })).status).toBe(200);
    // The first run sends the joined e-mail and makes the offer; the next sends the offer and its text.
    await cronAt(NOW, s.tenant.id);
    await cronAt(NOW, s.tenant.id);

    const offer = ((await sentTo(waiting.email)) as Sent[]).find((m) => m.subject.startsWith("Ein Termin"));
    expect(offer?.subject).toBe(`Ein Termin bei ${biz(s)} ist frei: Mo., 10. März 2031, 10:00`);
    expect(offer?.headers).toEqual({ "Content-Language": "de" });
    const text = plain(offer?.text ?? "");
    expect(text).toContain("Eine von Ihnen gewünschte Zeit ist frei: Cut bei Sam, Mo., 10. März 2031, 10:00.");
    const link = /Hier buchen: (\S+)/.exec(text)?.[1] ?? "";
    expect(new URL(link).searchParams.get("lang")).toBe("de");
    expect(new URL(link).searchParams.get("time")).toBe("10:00");

    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toContain("ein gewünschter Termin ist frei");
    expect(texts[0].body).toContain(link);
  });
});
