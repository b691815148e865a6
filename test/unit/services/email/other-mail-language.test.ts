import { describe, expect, it } from "vitest";
import { renderAccountMail } from "../../../../src/services/email/account-mail";
import { cancellationMoneyLines, feeChargedEmail } from "../../../../src/services/email/payment-templates";
import { giftCardReceiptEmail } from "../../../../src/services/email/prepaid-templates";
import { StoredEmailError } from "../../../../src/services/email/stored";
import { passwordResetEmail, userPasswordResetEmail } from "../../../../src/services/email/templates";
import { waitlistJoinedEmail } from "../../../../src/services/email/waitlist-templates";

// design.md §30 (issue #41): the e-mails written outside the booking e-mails (waitlist, payments,
// gift cards, password reset) in each language, plural forms with 1 and 2, and English as before.

const plain = (s: string) => s.replace(/[^\S\n]/g, " ");
// 2031-03-12 10:00-11:00 in Madrid (UTC+1 in March before the change).
const at = (h: number, m = 0) => Date.UTC(2031, 2, 12, h - 1, m);
const windows = (n: number) => [at(10), at(14)].slice(0, n).map((startAt) => ({ startAt, endAt: startAt + 3_600_000 }));

const joined = (locale: "es" | "de" | "en", n: number) =>
  waitlistJoinedEmail({
    businessName: "Salón Lucía",
    firstName: "Ana",
    serviceName: "Corte",
    timezone: "Europe/Madrid",
    windows: windows(n),
    manageUrl: "https://book.example/book?waitlist=x",
    locale,
  });

describe("waitlist joined e-mail", () => {
  it("counts the times asked for with the language's plural: 1 and 2, Spanish and German", () => {
    expect(joined("es", 1).text).toContain("para Corte en este horario:\n\n- mié, 12 mar 2031, 10:00–11:00");
    expect(joined("es", 2).text).toContain(
      "para Corte en estos 2 horarios:\n\n- mié, 12 mar 2031, 10:00–11:00\n- mié, 12 mar 2031, 14:00–15:00",
    );
    expect(plain(joined("de", 1).text)).toContain("auf der Warteliste für Corte, zu dieser Zeit:\n\n- Mi., 12. März 2031, 10:00–11:00");
    expect(plain(joined("de", 2).text)).toContain("zu diesen 2 Zeiten:");
    expect(joined("en", 1).text).toContain("for Corte at this time:\n\n- Wed 12 Mar 2031, 10:00 to 11:00");
  });

  it("names its language in <html lang> and for the Content-Language header, and stays marked sensitive", () => {
    const mail = joined("de", 1);
    expect(mail).toMatchObject({ language: "de", sensitive: true, subject: "Sie stehen auf der Warteliste von Salón Lucía" });
    expect(mail.html).toContain('<html lang="de">');
  });
});

describe("password reset e-mails", () => {
  it("say the minutes with the language's plural (1 and 2)", () => {
    const reset = (locale: "es" | "de", minutes: number) =>
      passwordResetEmail({ firstName: "", resetUrl: "https://x/r", expiresInMinutes: minutes, locale }).text;
    expect(reset("es", 1)).toContain("en un plazo de 1 minuto:");
    expect(reset("es", 2)).toContain("en un plazo de 2 minutos:");
    expect(reset("de", 1)).toContain("innerhalb von 1 Minute:");
    expect(reset("de", 2)).toContain("innerhalb von 2 Minuten:");
    expect(userPasswordResetEmail({ resetUrl: "https://x/r", expiresInMinutes: 60 }).text).toBe(
      "Hi there,\n\nSomeone asked to reset the password you use to manage your business on the booking platform. If it was you, use this link within 60 minutes:\n\nhttps://x/r\n\nIf it was not you, ignore this e-mail; your password stays the same.\n\nThis link can be used once.",
    );
  });

  it("render a member's stored reset in the stored language; facts it cannot read fail the row, not a blank e-mail", () => {
    const stored = { v: 1, template: "user.password_reset", facts: { resetUrl: "https://x/r", minutes: 60, locale: "it" } };
    expect(renderAccountMail(stored)).toMatchObject({ subject: "Reimposti la password", language: "it", sensitive: true });
    // A locale this release does not know reads as English.
    expect(renderAccountMail({ ...stored, facts: { ...stored.facts, locale: "tlh" } })?.language).toBe("en");
    expect(() => renderAccountMail({ ...stored, facts: { minutes: 60 } })).toThrow(StoredEmailError);
    expect(renderAccountMail({ ...stored, template: "booking.confirmed" })).toBeNull();
  });
});

describe("payment e-mails", () => {
  const facts = {
    businessName: "Salón Lucía",
    customerName: "Ana Ruiz",
    serviceName: "Corte",
    localStart: "mié, 12 mar 2031, 10:00",
    timezone: "Europe/Madrid",
    confirmationCode: "ABC123",
  };

  it("keep English as it was, and write money the language's way", () => {
    const en = feeChargedEmail({ ...facts, localStart: "Wed 12 Mar 2031, 10:00", amount: 1250, currency: "EUR", kind: "no_show_fee" });
    expect(en.subject).toBe("Salón Lucía charged a no-show fee of €12.50");
    expect(en.text).toContain("As agreed when you booked, Salón Lucía has charged the fee of €12.50 to the card you saved.");
    const es = feeChargedEmail({ ...facts, amount: 1250, currency: "EUR", kind: "late_cancel_fee", locale: "es" });
    expect(plain(es.subject)).toBe("Salón Lucía ha cobrado un cargo de 12,50 € por cancelación tardía");
    expect(es.language).toBe("es");
  });

  it("say what happens to the money on cancellation, a policy quoted only when there is one", () => {
    const lines = (locale: "de" | "en", policy: string) =>
      cancellationMoneyLines({ refunded: 0, kept: 1200, currency: "EUR", policy, lateFee: null, locale }).map(plain);
    expect(lines("de", "")).toEqual([
      "Da die Buchung innerhalb der Stornierungsfrist storniert wurde, werden die gezahlten 12,00 € einbehalten.",
    ]);
    expect(lines("de", "24 h vorher")[0]).toContain("einbehalten. In den Stornierungsbedingungen heißt es: „24 h vorher“");
    expect(lines("en", "Be kind.")).toEqual([
      'As the booking was cancelled inside the cancellation window, the €12.00 you paid is kept. The cancellation policy says: "Be kind."',
    ]);
  });
});

describe("gift-card receipt", () => {
  it("says when the card goes out (a date, or today) and until when it can be used", () => {
    const receipt = (deliveryOn: string | null, expiresOn: string | null) =>
      plain(
        giftCardReceiptEmail({
          businessName: "Salón Lucía",
          amount: 5000,
          currency: "EUR",
          expiresOn,
          recipientName: "",
          buyerName: "Bea",
          message: "",
          bookUrl: "https://x/book",
          last4: "AB12",
          recipientEmail: "rae@example.test",
          deliveryOn,
          locale: "es",
        }).text,
      );
    expect(receipt("10 de mayo de 2031", "1 de mayo de 2036")).toContain(
      "La tarjeta (terminada en AB12) se enviará a rae@example.test (rae@example.test) el 10 de mayo de 2031. Puede usarse hasta el 1 de mayo de 2036.",
    );
    expect(receipt(null, null)).toContain("se enviará a rae@example.test (rae@example.test) hoy. Puede usarse hasta agotar el saldo.");
  });
});
