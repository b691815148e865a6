import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import type { createTenant } from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";

// design.md §30: the booking page speaks the customer's language: ?lang= (the switcher), else the best
// Accept-Language match among the business's booking languages (region fallbacks), else its locale.

async function salon(overrides: Parameters<typeof createTenant>[0] = {}) {
  const { tenant } = await bookableTenant({
    tenant: { businessName: "Salón Lucía", timezone: "Europe/Madrid", currency: "EUR", ...overrides },
    service: { name: "Corte", durationMinutes: 45, price: 3550 },
    staff: { displayName: "Marta" },
  });
  return tenant;
}

const page = (slug: string, opts: { lang?: string; accept?: string } = {}) =>
  get(`/book?slug=${slug}${opts.lang ? `&lang=${opts.lang}` : ""}`, { headers: opts.accept ? { "Accept-Language": opts.accept } : {} });

describe("the booking page's language", () => {
  it("matches Accept-Language among the offered languages, a region falling back to its language", async () => {
    const tenant = await salon({ locale: "es", bookingLanguages: ["es", "de", "en"] });
    const res = await page(tenant.slug, { accept: "es-MX,es;q=0.9,en;q=0.5" });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="es">');
    expect(res.text).toContain("<title>Reserve con Salón Lucía</title>");
    expect(res.text).toContain("Reservar una cita");
    expect(res.text).toContain("Todas las horas se muestran en la hora de <strong>Europe/Madrid</strong>.");
    expect(res.text).toContain("45 min · 35,50\u00a0€");
    expect(res.text).toContain("1. Elija un servicio");
    expect(res.text).toContain('data-locale="es"');
    expect(res.text).toMatch(/<script src="\/assets\/wordses-[A-Z0-9]{8}\.js" defer="">/);
    expect(res.headers.get("Vary")).toContain("Accept-Language");

    const german = await page(tenant.slug, { accept: "de-AT, en;q=0.5" });
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain("Termin buchen");
    expect(german.text).toContain("45 min · 35,50\u00a0€");
    // The weekday names of the calendar come from Intl in the page's language.
    expect(german.text).toContain('abbr="Montag"');
  });

  it("takes Portuguese of any region as Brazilian Portuguese when offered", async () => {
    const tenant = await salon({ locale: "en", bookingLanguages: ["en", "pt-BR"] });
    const res = await page(tenant.slug, { accept: "pt" });
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain("Agendar um horário");
  });

  it("lets ?lang= (the switcher) choose among the offered languages, ignoring one the business does not offer", async () => {
    const tenant = await salon({ locale: "de", bookingLanguages: ["de", "es"] });
    const spanish = await page(tenant.slug, { lang: "es", accept: "de" });
    expect(spanish.text).toContain('<html lang="es">');
    // The switcher is a plain form: the offered languages in their own names, the current one selected.
    expect(spanish.text).toContain('<option value="es" lang="es" selected="">Español</option>');
    expect(spanish.text).toContain('<option value="de" lang="de">Deutsch</option>');
    expect(spanish.text).toContain(`<input type="hidden" name="slug" value="${tenant.slug}"/>`);

    const notOffered = await page(tenant.slug, { lang: "fr", accept: "fr-FR, es;q=0.2" });
    expect(notOffered.text).toContain('<html lang="es">');
  });

  it("falls back to the business's locale, and offers no switcher with one language", async () => {
    const tenant = await salon({ locale: "de" });
    const res = await page(tenant.slug, { accept: "ja, fr;q=0.8" });
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain("Zum Inhalt springen");
    expect(res.text).not.toContain('class="language-switcher"');
  });

  it("answers a suspended business's 503 and an unknown business's 404 in the visitor's language", async () => {
    const tenant = await salon({ locale: "es", isSuspended: true });
    const suspended = await page(tenant.slug);
    expect(suspended.status).toBe(503);
    expect(suspended.text).toContain('<html lang="es">');
    expect(suspended.text).toContain("No disponible temporalmente");

    const unknown = await page("no-such-business-here", { accept: "de-DE" });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('<html lang="de">');
    expect(unknown.text).toContain("Dieses Unternehmen haben wir nicht gefunden");
  });

  it("writes the waitlist panel and its manage view in the page's language (Spanish, German)", async () => {
    const tenant = await salon({ locale: "es", bookingLanguages: ["es", "de"] });
    const spanish = (await page(tenant.slug)).text;
    expect(spanish).toContain("<legend>¿Cuándo podría venir?</legend>");
    expect(spanish).toContain("Hasta 5 franjas. Si alguna queda libre, le enviamos por e-mail un enlace para reservarla");
    expect(spanish).toContain('<label for="wl-phone">Teléfono (opcional)</label>');
    expect(spanish).toContain('<h2 id="waitlist-manage-heading">Su lugar en la lista de espera</h2>');
    expect(spanish).not.toContain("Join the waitlist");

    const german = (await page(tenant.slug, { lang: "de" })).text;
    expect(german).toContain('<h3 id="waitlist-heading">Auf die Warteliste</h3>');
    expect(german).toContain("<legend>Wann könnten Sie kommen?</legend>");
    expect(german).toContain("Weiteren Zeitraum hinzufügen");
    expect(german).toContain("Warteliste verlassen");
    expect(german).not.toContain("When could you come?");
  });
});
