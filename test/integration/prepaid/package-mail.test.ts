import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { uniq } from "../../helpers/factories";
import { payingTenant } from "../payments/support";
import { issued } from "./counter";
import { NOW, offered, packageCodeIn, saleEvent } from "./package-support";
import { outboxTo } from "./support";

// design.md §30 + §32, issue #43 (prepaid-book item 4): the e-mail with a package's code speaks the
// purchase page's language; a package issued by hand speaks the business's.

describe("the package e-mail's language", () => {
  it("is the purchase page's: a package bought on the German page is e-mailed in German, its language stored on the sale", async () => {
    const { tenant, service } = await payingTenant();
    const pack = await offered(tenant, [service.id]);
    const email = `bea-${uniq()}@example.test`;
    const bought = await post(
      `/api/public/${tenant.slug}/packages`,
      { packageId: pack.id, buyer: { name: "Bea", email }, locale: "de" },
      { now: NOW },
    );
    expect(bought.status).toBe(201);
    const [row] = await testDb().all<{ locale: string }>(sql`SELECT locale FROM package_credits WHERE id = ${bought.body.data.id}`);
    expect(row.locale).toBe("de");
    expect((await saleEvent(bought.body.data.id)).res.status).toBe(200);

    const [mail] = await outboxTo(email);
    expect(mail).toMatchObject({
      kind: "package.issued",
      sensitive: true,
      language: "de",
      subject: expect.stringMatching(/^Ihr Paket bei /),
    });
    expect(mail.textBody).toContain("Ihre Zahlung von 160,00");
    expect(mail.textBody).toContain("Es enthält 5 Termine.");
    expect(mail.textBody).toContain("30. April 2032");
    expect(mail.textBody).toContain("lang=de");
    expect(packageCodeIn(mail.textBody)).toMatch(/^PK-/);
  });

  it("is the business's for a package issued by hand, and English by default", async () => {
    const french = await payingTenant({ tenant: { locale: "fr" } });
    const pack = await offered(french.tenant, [french.service.id]);
    const email = `kim-${uniq()}@example.test`;
    const sold = await issued(french.tenant, pack.id, { reason: "Paid cash", buyerName: "Kim", buyerEmail: email });
    const [mail] = await outboxTo(email);
    expect(mail).toMatchObject({ language: "fr", subject: expect.stringMatching(/^Votre forfait chez /) });
    expect(mail.textBody).toContain(`vous a attribué le forfait « Five colours »`);
    expect(mail.textBody).toContain("Il comprend 5 séances.");
    expect(packageCodeIn(mail.textBody)).toBe(sold.code);

    const plain = await payingTenant();
    const other = await offered(plain.tenant, [plain.service.id]);
    const buyer = `lee-${uniq()}@example.test`;
    const bought = await post(
      `/api/public/${plain.tenant.slug}/packages`,
      { packageId: other.id, buyer: { name: "Lee", email: buyer } },
      { now: NOW },
    );
    expect((await saleEvent(bought.body.data.id)).res.status).toBe(200);
    const [english] = await outboxTo(buyer);
    expect(english.subject).toMatch(/^Your package at /);
    expect(english.textBody).toContain("It holds 5 sessions.");
  });
});
