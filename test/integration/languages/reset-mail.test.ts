import { describe, expect, it } from "vitest";
import { countDbRequests, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomerAccount, createMember, createTenant } from "../../helpers/factories";
import { deliverBatch } from "../../helpers/worker-entry";
import { type SentEmail, sentTo } from "../notifications/support";
import { outboxRows } from "../../helpers/outbox";

// design.md §30 (issue #41): the password-reset e-mail speaks its reader's language. A member's is
// their own (`tenant_members.locale`), chosen inside the insert so the request stays one round trip
// and reads nothing first; without one, and for a customer account (which keeps no language), the
// request's Accept-Language among every supported locale; else English.

const NOW = "2031-02-02T10:00:00.000Z";
type Sent = SentEmail & { headers?: Record<string, string> };
/** The queue's message for one outbox e-mail, consumed at the pinned instant the row was written at. */
const emailMessage = (id: string) => ({
  id: crypto.randomUUID(),
  timestamp: new Date(),
  attempts: 1,
  body: { kind: "email", id, testNow: NOW } as never,
});
const plain = (s: string) => s.replace(/[^\S\n]/g, " ");

/** Asks for a reset link and sends the e-mail through the queue as production does; what the provider got. */
async function resetMail(path: string, kind: string, email: string, acceptLanguage?: string): Promise<Sent> {
  const headers = acceptLanguage ? { "Accept-Language": acceptLanguage } : undefined;
  const res = await post(path, { email }, { now: NOW, headers });
  expect(res.status).toBe(200);
  const rows = await outboxRows(testDb(), email.toLowerCase(), kind);
  expect(rows).toHaveLength(1);
  await deliverBatch([emailMessage(rows[0].id)]);
  const sent = (await sentTo(email.toLowerCase())) as Sent[];
  expect(sent).toHaveLength(1);
  return sent[0];
}

const memberReset = (email: string, acceptLanguage?: string) =>
  resetMail("/api/auth/forgot-password", "user.password_reset", email, acceptLanguage);
const customerReset = (email: string, acceptLanguage?: string) =>
  resetMail("/api/customer-auth/forgot-password", "customer.password_reset", email, acceptLanguage);

describe("the password-reset e-mail in its reader's language", () => {
  it("a member who chose German reads it in German, whatever the browser asking says", async () => {
    const t = await createTenant({ locale: "fr" });
    expect((await patch("/api/businesses/me/members/me", { locale: "de" }, { token: t.token })).status).toBe(200);
    const mail = await memberReset(t.ownerEmail, "es-MX,es;q=0.9");
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.headers).toEqual({ "Content-Language": "de" });
    expect(mail.html).toContain('<html lang="de">');
    const text = plain(mail.text);
    expect(text).toContain("Guten Tag,");
    expect(text).toContain("verwenden Sie diesen Link innerhalb von 60 Minuten:");
    expect(text).toContain("/reset-password?token=");
    expect(text).toContain("Dieser Link kann nur einmal verwendet werden.");
  });

  it("a member without a language of their own: Accept-Language (es-MX -> Spanish), else English; still one round trip", async () => {
    const t = await createTenant({ locale: "de" });
    const staff = await createMember(t.id, "staff");
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/auth/forgot-password", { email: staff.email }, { dbTag, now: NOW, headers: { "Accept-Language": "es-MX" } }),
    );
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
    const [row] = await outboxRows(testDb(), staff.email, "user.password_reset");
    await deliverBatch([emailMessage(row.id)]);
    const [spanish] = (await sentTo(staff.email)) as Sent[];
    expect(spanish.subject).toBe("Restablezca su contraseña");
    expect(spanish.headers).toEqual({ "Content-Language": "es" });
    expect(plain(spanish.text)).toContain("use este enlace en un plazo de 60 minutos:");

    const other = await createTenant();
    const english = await memberReset(other.ownerEmail);
    expect(english.subject).toBe("Reset your password");
    expect(english.headers).toEqual({ "Content-Language": "en" });
    expect(english.text).toContain("use this link within 60 minutes:");
  });

  it("a customer account's e-mail follows Accept-Language (de-AT -> German, pt -> Portuguese)", async () => {
    const german = await customerReset((await createCustomerAccount()).email, "de-AT,de;q=0.9,en;q=0.5");
    expect(german.subject).toBe("Passwort zurücksetzen");
    expect(german.headers).toEqual({ "Content-Language": "de" });
    expect(plain(german.text)).toContain("das Passwort Ihres Buchungskontos zurückzusetzen");

    const portuguese = await customerReset((await createCustomerAccount()).email, "pt");
    expect(portuguese.subject).toBe("Redefina sua senha");
    expect(portuguese.headers).toEqual({ "Content-Language": "pt-BR" });
    expect(plain(portuguese.text)).toContain("use este link em até 60 minutos:");
  });
});
