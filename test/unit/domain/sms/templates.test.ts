import { describe, expect, it } from "vitest";
import { countSegments } from "../../../../src/domain/sms/segments";
import { cleanName, type SmsTemplate, smsText, waitlistOfferText } from "../../../../src/domain/sms/templates";

const at = Date.UTC(2031, 2, 12, 14, 30); // 10:30 in New York
const base = { timezone: "America/New_York", startAt: at, link: "https://book.example.com/b/BK-7Q2M4X" };
const LOCALES = ["en", "es", "fr", "de", "pt-BR", "it", "nl"] as const;
const ALL: SmsTemplate[] = [
  "confirmation",
  "reminder",
  "moved",
  "cancelled",
  "waitlist_offer",
  "reply_confirmed",
  "reply_cancelled",
  "reply_unchanged",
  "reply_no_booking",
  "help",
];

describe("text templates (design.md §27)", () => {
  it("name the business, the local date and time and carry the short link", () => {
    const text = smsText("confirmation", { ...base, businessName: "Salon Blue" });
    expect(text).toBe("Salon Blue: your booking on Wed 12 Mar 2031 at 10:30 is confirmed. Manage it: https://book.example.com/b/BK-7Q2M4X");
    expect(countSegments(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });

  it("the reminder ends with the booking language's reply words", () => {
    expect(smsText("reminder", { ...base, businessName: "Salon Blue" })).toMatch(/Reply Y to confirm or N to cancel\.$/);
    expect(smsText("reminder", { ...base, businessName: "Salon Blue" }, "de")).toBe(
      "Salon Blue: Erinnerung an Ihren Termin am Mi., 12. März um 10:30. https://book.example.com/b/BK-7Q2M4X Antworten Sie JA zum Bestätigen oder NEIN zum Absagen.",
    );
    expect(smsText("reminder", { ...base, businessName: "Salon Blue" }, "es")).toMatch(/Responda SI para confirmar o NO para cancelar\.$/);
    expect(smsText("reminder", { ...base, businessName: "Salon Blue" }, "xx")).toMatch(/Reply Y to confirm or N to cancel\.$/);
  });

  it.each(ALL)("%s stays within 2 segments with a very long business name (GSM-7: 306 septets)", (template) => {
    const text = smsText(template, {
      ...base,
      businessName: "The Very Best Hair and Beauty Studio of the Upper West Side ".repeat(8),
      moneyLine: "$40.00 will be refunded to you.",
    });
    expect(countSegments(text)).toMatchObject({ encoding: "GSM-7" });
    expect(countSegments(text).segments).toBeLessThanOrEqual(2);
    expect(text).toContain("The Very Best Hair");
    expect(text).toContain("...");
  });

  it.each(ALL)("%s stays within 2 segments with a long Greek name (UCS-2: 134 code units)", (template) => {
    const text = smsText(template, { ...base, businessName: "Κομμωτήριο Ελένης Παπαδοπούλου στην Αθήνα" });
    expect(countSegments(text).segments).toBeLessThanOrEqual(2);
  });

  it("shortens the business name first: the date, time and link always stay whole", () => {
    const text = smsText("reminder", { ...base, businessName: `Studio ✂️💇 ${"Κ".repeat(200)}` });
    expect(countSegments(text)).toMatchObject({ encoding: "UCS-2" });
    expect(countSegments(text).segments).toBeLessThanOrEqual(2);
    expect(text.startsWith("Studio ✂️💇 Κ")).toBe(true);
    expect(text).toContain("Wed 12 Mar at 10:30");
    expect(text).toContain(base.link);
    expect(text).toMatch(/Reply Y to confirm or N to cancel\.$/);
  });

  it("leaves out a name whose first characters cannot fit rather than go past 2 segments", () => {
    const link = `https://book.example.com/b/BK-7Q2M4X?${"x".repeat(60)}`;
    const text = smsText("reminder", { ...base, link, businessName: "Κομμωτήριο Ελένης" });
    expect(countSegments(text)).toMatchObject({ encoding: "GSM-7", segments: 2 });
    expect(text.startsWith("Reminder, Wed 12 Mar at 10:30. ")).toBe(true);
    const kept = smsText("reminder", { ...base, businessName: "Κ".repeat(300) });
    expect(countSegments(kept)).toMatchObject({ encoding: "UCS-2", segments: 2 });
    expect(kept.startsWith("ΚΚΚΚΚΚ")).toBe(true);
  });

  it("keeps a short Greek or emoji name whole", () => {
    const greek = smsText("confirmation", { ...base, businessName: "Ελένη" });
    expect(greek.startsWith("Ελένη: ")).toBe(true);
    expect(countSegments(greek)).toMatchObject({ encoding: "UCS-2", segments: 2 });
    const emoji = smsText("moved", { ...base, businessName: "Cuts 💈" });
    expect(emoji.startsWith("Cuts 💈: ")).toBe(true);
  });

  it("strips control characters from names", () => {
    expect(cleanName("Salon\u0000 Blue\r\nBOOK NOW\u007f")).toBe("Salon Blue BOOK NOW");
    expect(smsText("confirmation", { ...base, businessName: "A\u0007B" }).startsWith("A B: ")).toBe(true);
  });

  it("offers a freed time to a waiting customer with the link given", () => {
    expect(waitlistOfferText({ ...base, businessName: "Salon Blue", link: "https://book.example.com/book?slug=x&at=1" })).toBe(
      "Salon Blue: a time you asked for is free: Wed 12 Mar 2031 at 10:30. Book it here: https://book.example.com/book?slug=x&at=1",
    );
  });

  it.each(LOCALES)("every %s text stays within 2 segments with a very long name, or a long Greek one", (locale) => {
    for (const template of ALL) {
      for (const businessName of ["Salon ".repeat(60), "Κομμωτήριο ".repeat(20)]) {
        const text = smsText(template, { ...base, businessName, moneyLine: "Your deposit is refunded in full." }, locale);
        expect(countSegments(text).segments, `${locale} ${template}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it("writes Spanish dates and plural-free sentences as a Spanish salon texts", () => {
    const text = smsText("confirmation", { ...base, businessName: "Salón Lucía" }, "es");
    expect(text).toBe(
      "Salón Lucía: su cita del mié, 12 mar 2031 a las 10:30 está confirmada. Gestiónela: https://book.example.com/b/BK-7Q2M4X",
    );
  });
});
