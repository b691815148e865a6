import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { buy, codeIn, giftCardRow, giftTenant, outboxTo, ownerTokenAt, paySale, purchaseBody } from "../prepaid/support";

// design.md §30 (issue #41): a gift card's e-mails (the code to the recipient, the receipt to the
// buyer) speak the language of the page it was bought on (the purchase body's `locale`); a card
// issued at the counter speaks the business's. Money and dates through Intl for the language.

const NOW = "2031-05-01T12:00:00.000Z";
const plain = (s: string) => s.replace(/[^\S\n]/g, " ");

async function bought(locale: string) {
  const { tenant } = await giftTenant();
  const body = purchaseBody({ locale });
  const res = await buy(tenant.slug, body, { now: NOW });
  expect(res.status, res.text).toBe(201);
  const id = res.body.data.id as string;
  expect((await paySale(id, { at: new Date(NOW) })).res.status).toBe(200);
  const [toRecipient] = await outboxTo(body.recipient.email);
  const [receipt] = await outboxTo(body.buyer.email);
  return { tenant, body, id, card: await giftCardRow(id), toRecipient, receipt };
}

describe("gift-card e-mails in the purchase page's language", () => {
  it("German: the recipient's code e-mail and the buyer's receipt, money and dates in German", async () => {
    const g = await bought("de");
    expect(g.card.locale).toBe("de");
    const business = `Business ${g.tenant.slug}`;

    expect(g.toRecipient).toMatchObject({ kind: "gift_card.delivered", subject: `Ein Gutschein für ${business}`, language: "de" });
    expect(g.toRecipient.htmlBody).toContain('<html lang="de">');
    const text = plain(g.toRecipient.textBody);
    expect(text).toContain("Hallo Rae Recipient,");
    expect(text).toContain(`Bea Buyer hat Ihnen einen Gutschein über 50,00 € für ${business} geschickt.`);
    expect(text).toContain("„Happy birthday!“");
    expect(text).toContain(`Ihr Code: ${codeIn(text)}`);
    // Valid 60 months from the purchase; the link opens the booking page in German.
    expect(text).toContain("Er ist bis zum 1. Mai 2036 gültig.");
    expect(text).toMatch(/\/book\?slug=[^&\s]+&lang=de\)/);

    expect(g.receipt).toMatchObject({ kind: "gift_card.receipt", subject: `Ihr Gutschein für ${business}`, language: "de" });
    const receipt = plain(g.receipt.textBody);
    expect(receipt).toContain(`Vielen Dank: Ihre Zahlung von 50,00 € für einen Gutschein von ${business} ist eingegangen.`);
    expect(receipt).toContain(
      `Der Gutschein (endet auf ${g.card.last4}) geht am 10. Mai 2031 an Rae Recipient (${g.body.recipient.email}).`,
    );
    expect(receipt).not.toContain(codeIn(text));
  });

  it("Spanish: the same e-mails in Spanish", async () => {
    const g = await bought("es");
    const business = `Business ${g.tenant.slug}`;
    expect(g.toRecipient).toMatchObject({ subject: `Una tarjeta regalo para ${business}`, language: "es" });
    const text = plain(g.toRecipient.textBody);
    expect(text).toContain(`Bea Buyer le ha enviado una tarjeta regalo de 50,00 € para ${business}.`);
    expect(text).toContain("«Happy birthday!»");
    expect(text).toContain("Puede usarla hasta el 1 de mayo de 2036.");
    expect(g.receipt).toMatchObject({ subject: `Su tarjeta regalo para ${business}`, language: "es" });
    expect(plain(g.receipt.textBody)).toContain(`se enviará a Rae Recipient (${g.body.recipient.email}) el 10 de mayo de 2031.`);
  });

  it("a purchase without a language takes the business's; an unknown one is refused and writes nothing", async () => {
    const { tenant } = await giftTenant({ tenant: { locale: "es", bookingLanguages: ["es", "en"] } });
    const res = await buy(tenant.slug, purchaseBody(), { now: NOW });
    expect(res.status).toBe(201);
    expect((await giftCardRow(res.body.data.id)).locale).toBe("es");

    const bad = await buy(tenant.slug, purchaseBody({ locale: "klingon" }), { now: NOW });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors)).toEqual(["locale"]);
  });

  it("a card issued at the counter e-mails the recipient in the business's language, today", async () => {
    const { tenant } = await giftTenant({ tenant: { locale: "de", bookingLanguages: ["de"] } });
    const recipientEmail = `rae-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const issued = await post(
      "/api/gift-cards",
      { amount: 2500, recipientName: "Rae", recipientEmail, reason: "Sold at the counter" },
      { token: await ownerTokenAt(tenant, NOW), now: NOW },
    );
    expect(issued.status, issued.text).toBe(201);
    const [mail] = await outboxTo(recipientEmail);
    expect(mail).toMatchObject({ kind: "gift_card.delivered", language: "de" });
    expect(plain(mail.textBody)).toContain(`Sie haben einen Gutschein über 25,00 € für Business ${tenant.slug} erhalten.`);
  });
});
