import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "../../../../src/shared/i18n/locales";
import { WIDGET_STATE_WORDS, widgetStateLocale } from "../../../../src/shared/i18n/widget-states";

describe("the widget's own states (design.md §30)", () => {
  it("speaks the embed's data-lang first, then the visitor's browser languages with region fallbacks, then English", () => {
    expect(widgetStateLocale("de", ["fr-FR"])).toBe("de");
    expect(widgetStateLocale("PT-br", [])).toBe("pt-BR");
    expect(widgetStateLocale("", ["es-MX", "en"])).toBe("es");
    expect(widgetStateLocale("xx", ["pt-PT"])).toBe("pt-BR");
    expect(widgetStateLocale("", ["ja-JP"])).toBe("en");
  });

  it("has every state in every language, and no language repeats English", () => {
    const keys = Object.keys(WIDGET_STATE_WORDS.en).sort();
    for (const locale of SUPPORTED_LOCALES) {
      const words = WIDGET_STATE_WORDS[locale];
      expect(Object.keys(words).sort()).toEqual(keys);
      for (const key of keys) expect(words[key as keyof typeof words].trim().length).toBeGreaterThan(0);
      if (locale !== "en")
        for (const key of keys) expect(words[key as keyof typeof words]).not.toBe(WIDGET_STATE_WORDS.en[key as keyof typeof words]);
    }
  });
});
