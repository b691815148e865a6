import { describe, expect, it } from "vitest";
import { chooseLocale, matchAcceptLanguage, normalizeBookingLanguages, supportedLocale } from "../../../../src/shared/i18n/locales";

describe("matchAcceptLanguage", () => {
  it("falls back from a region to its language among the offered ones", () => {
    expect(matchAcceptLanguage("es-MX,es;q=0.9,en;q=0.5", ["en", "es"])).toBe("es");
    expect(matchAcceptLanguage("es-MX", ["en", "es"])).toBe("es");
    expect(matchAcceptLanguage("de-AT", ["de", "en"])).toBe("de");
  });

  it("reads Portuguese of any region as Brazilian Portuguese when that is offered", () => {
    expect(matchAcceptLanguage("pt", ["en", "pt-BR"])).toBe("pt-BR");
    expect(matchAcceptLanguage("pt-PT,pt;q=0.8", ["en", "pt-BR"])).toBe("pt-BR");
    expect(matchAcceptLanguage("pt-br", ["pt-BR"])).toBe("pt-BR");
  });

  it("follows q-values, then the written order", () => {
    expect(matchAcceptLanguage("fr;q=0.4, de;q=0.9, en;q=0.6", ["en", "fr", "de"])).toBe("de");
    expect(matchAcceptLanguage("nl, it", ["it", "nl"])).toBe("nl");
    expect(matchAcceptLanguage("it;q=0, nl;q=0.1", ["it", "nl"])).toBe("nl");
  });

  it("skips languages the business does not offer and answers null when none is offered", () => {
    expect(matchAcceptLanguage("ja, fr;q=0.5, es;q=0.4", ["en", "es"])).toBe("es");
    expect(matchAcceptLanguage("ja, zh-CN", ["en", "es"])).toBeNull();
    expect(matchAcceptLanguage("", ["en"])).toBeNull();
    expect(matchAcceptLanguage("*", ["en"])).toBeNull();
    expect(matchAcceptLanguage(";;;,q=,,de-", ["de"])).toBeNull();
  });
});

describe("chooseLocale", () => {
  const offered = ["de", "en", "es"] as const;
  it("takes ?lang= when offered, else Accept-Language, else the business locale", () => {
    expect(chooseLocale({ requested: "es", acceptLanguage: "de", offered, businessLocale: "de" })).toBe("es");
    expect(chooseLocale({ requested: "fr", acceptLanguage: "en-GB", offered, businessLocale: "de" })).toBe("en");
    expect(chooseLocale({ requested: null, acceptLanguage: "ja", offered, businessLocale: "de" })).toBe("de");
    expect(chooseLocale({ requested: "es-AR", acceptLanguage: null, offered, businessLocale: "de" })).toBe("es");
  });
});

describe("supportedLocale and normalizeBookingLanguages", () => {
  it("reads tags in any case and keeps the business locale offered, once", () => {
    expect(supportedLocale("PT-br")).toBe("pt-BR");
    expect(supportedLocale("pt")).toBeNull();
    expect(normalizeBookingLanguages(["es", "es", "en"], "de")).toEqual(["de", "es", "en"]);
    expect(normalizeBookingLanguages(null, "fr")).toEqual(["fr"]);
  });
});
