import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, randomIp } from "../../helpers/api";
import { bookableTenant, bookingBody } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { createCustomerAccount } from "../../helpers/factories";
import { asSent } from "../../helpers/mail";
import { outboxRows } from "../../helpers/outbox";

// design.md §30: the pages outside the booking page speak the visitor's language (Accept-Language among
// every supported locale, region fallbacks included), with <html lang>; English when nothing matches.

async function resetToken(email: string) {
  await post("/api/customer-auth/forgot-password", { email });
  const rows = await outboxRows(testDb(), email, "customer.password_reset");
  return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec((await asSent(rows.at(-1)!)).text)![1];
}

function submit(fields: Record<string, string>, acceptLanguage: string) {
  return SELF.fetch("http://localhost/reset-password", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp(), "Accept-Language": acceptLanguage },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the reset-password page in the visitor's language", () => {
  it("shows the form in German for de-AT, in Spanish for es-MX, and in English otherwise", async () => {
    const c = await createCustomerAccount();
    const token = await resetToken(c.email);
    const german = await get(`/reset-password?token=${token}`, { headers: { "Accept-Language": "de-AT,de;q=0.9" } });
    expect(german.status).toBe(200);
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain("<h1>Wählen Sie ein neues Passwort</h1>");
    expect(german.text).toContain('<label for="password">Neues Passwort</label>');
    expect(german.text).toContain("Zum Inhalt springen");
    expect(german.headers.get("Vary")).toContain("Accept-Language");

    const spanish = await get(`/reset-password?token=${token}`, { headers: { "Accept-Language": "es-MX" } });
    expect(spanish.text).toContain('<html lang="es">');
    expect(spanish.text).toContain("<h1>Elija una contraseña nueva</h1>");
    expect(spanish.text).toContain("Al menos 8 caracteres.");

    const other = await get(`/reset-password?token=${token}`, { headers: { "Accept-Language": "ja" } });
    expect(other.text).toContain('<html lang="en">');
    expect(other.text).toContain("Choose a new password");
  });

  it("explains a mistake and a spent link in the visitor's language, and saves in it", async () => {
    const c = await createCustomerAccount();
    const token = await resetToken(c.email);
    const short = await submit({ token, password: "kurz", confirm: "kurz" }, "de");
    expect(short.status).toBe(400);
    const shortText = await short.text();
    expect(shortText).toContain("Bitte korrigieren Sie die Felder unten.");
    expect(shortText).toContain("Das Passwort muss mindestens 8 Zeichen haben");
    const mismatch = await (await submit({ token, password: "primera clave 1", confirm: "segunda clave 2" }, "es")).text();
    expect(mismatch).toContain("Las dos contraseñas no coinciden");

    const saved = await submit({ token, password: "neues Passwort 1", confirm: "neues Passwort 1" }, "de");
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Ihr Passwort ist gespeichert");
    const spent = await get(`/reset-password?token=${token}`, { headers: { "Accept-Language": "es" } });
    expect(spent.status).toBe(400);
    expect(spent.text).toContain("Este enlace ya no funciona");
    const incomplete = await get("/reset-password", { headers: { "Accept-Language": "de" } });
    expect(incomplete.text).toContain("Dieser Link ist unvollständig");
  });
});

describe("the short manage link /b/<code> in the customer's language", () => {
  it("opens the booking page in the booking's language, and says an unknown link in the visitor's", async () => {
    const s = await bookableTenant({ tenant: { locale: "es", bookingLanguages: ["es", "de"] } });
    const now = "2031-02-03T12:00:00Z";
    const made = await post(
      `/api/public/${s.tenant.slug}/bookings`,
      { ...bookingBody(s.service.id, s.staff.id, "2031-02-20T10:00:00"), locale: "de" },
      { now },
    );
    expect(made.status).toBe(201);
    const code = made.body.data.confirmationCode as string;
    const open = await SELF.fetch(`http://localhost/b/${code}`, { redirect: "manual", headers: { "CF-Connecting-IP": randomIp() } });
    expect(open.status).toBe(302);
    expect(open.headers.get("Location")).toBe(`/book?slug=${s.tenant.slug}&code=${code}&lang=de`);

    const unknown = await SELF.fetch("http://localhost/b/BK-ZZZZZ9", {
      headers: { "CF-Connecting-IP": randomIp(), "Accept-Language": "es-ES,es;q=0.9" },
    });
    expect(unknown.status).toBe(404);
    const text = await unknown.text();
    expect(text).toContain('<html lang="es">');
    expect(text).toContain("<h1>Reserva no encontrada</h1>");
    expect(text).toContain("Este enlace no corresponde a ninguna reserva.");
  });
});

describe("the widget's words", () => {
  it("speaks the business's locale, or the embed's data-lang when the business offers it", async () => {
    const s = await bookableTenant({ tenant: { businessName: "Salón Lucía", locale: "es", bookingLanguages: ["es", "de"] } });
    const spanish = await get(`/widget/status?slug=${s.tenant.slug}`);
    expect(spanish.body.data.locale).toBe("es");
    expect(spanish.body.data.words).toMatchObject({ button: "Reservar una cita", frameTitle: "Reserve con Salón Lucía" });

    const german = await get(`/widget/status?slug=${s.tenant.slug}&lang=de-CH`);
    expect(german.body.data.locale).toBe("de");
    expect(german.body.data.words).toMatchObject({ button: "Termin buchen", unavailableButton: "Buchung nicht möglich" });

    // A language the business does not offer falls back to its own.
    const french = await get(`/widget/status?slug=${s.tenant.slug}&lang=fr`);
    expect(french.body.data.locale).toBe("es");
  });
});
