import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { APP_CATALOGS } from "../../../../src/shared/i18n/app";
import { BOOKING_CATALOGS } from "../../../../src/shared/i18n/booking";
import { BOOKING_SCRIPT_CATALOGS } from "../../../../src/shared/i18n/booking-script";
import { SUPPORTED_LOCALES } from "../../../../src/shared/i18n/locales";
import { MAIL_CATALOGS } from "../../../../src/shared/i18n/mail";
import { PAGES_CATALOGS } from "../../../../src/shared/i18n/pages";

/**
 * design.md §30: every catalog has every key of the English one, and each message takes the same
 * arguments with the same kinds (a plural stays a plural, a select keeps its cases), so no language
 * prints a raw `{name}` or loses a value. The typecheck already refuses a missing key; this also
 * catches a translation that drops or renames an argument.
 */
const AREAS: Record<string, Record<string, Record<string, string>>> = {
  booking: BOOKING_CATALOGS,
  "booking-script": BOOKING_SCRIPT_CATALOGS,
  mail: MAIL_CATALOGS,
  pages: PAGES_CATALOGS,
  app: APP_CATALOGS,
};

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: "text",
  [TYPE.number]: "number",
  [TYPE.date]: "date",
  [TYPE.time]: "time",
  [TYPE.select]: "select",
  [TYPE.plural]: "plural",
  [TYPE.tag]: "tag",
};

/** "name:kind" of every argument, nested ones included; a select's cases are part of its kind. */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    const kind = KIND[el.type];
    if (!kind || !("value" in el) || typeof el.value !== "string") continue;
    if (el.type === TYPE.select) out.add(`${el.value}:select(${Object.keys(el.options).sort().join("|")})`);
    else if (el.type === TYPE.plural) out.add(`${el.value}:plural${el.pluralType === "ordinal" ? "-ordinal" : ""}`);
    else out.add(`${el.value}:${kind}`);
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, out);
  }
  return out;
}

/** `::` skeletons need the skeleton parser the Worker leaves out (src/lib/icu-skeletons-omitted.ts). */
function hasSkeleton(elements: MessageFormatElement[]): boolean {
  return elements.some((el) => {
    if ((el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) && el.style && typeof el.style === "object")
      return true;
    if (el.type === TYPE.plural || el.type === TYPE.select) return Object.values(el.options).some((o) => hasSkeleton(o.value));
    return false;
  });
}

function pluralsHaveOther(elements: MessageFormatElement[]): boolean {
  return elements.every((el) => {
    if (el.type !== TYPE.plural && el.type !== TYPE.select) return true;
    return "other" in el.options && Object.values(el.options).every((o) => pluralsHaveOther(o.value));
  });
}

describe.each(Object.entries(AREAS))("the %s catalogs", (_area, catalogs) => {
  const english = catalogs.en as Record<string, string>;

  it("exist for every supported locale, with exactly the English keys", () => {
    expect(Object.keys(catalogs).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    for (const locale of SUPPORTED_LOCALES) {
      expect(Object.keys(catalogs[locale] ?? {}).sort(), locale).toEqual(Object.keys(english).sort());
    }
  });

  it("uses no ICU skeletons in English", () => {
    for (const [key, source] of Object.entries(english)) expect(hasSkeleton(parse(source, { ignoreTag: true })), key).toBe(false);
  });

  it.each(SUPPORTED_LOCALES.filter((l) => l !== "en"))("%s: every message parses and takes the English arguments", (locale) => {
    const catalog = catalogs[locale] as Record<string, string>;
    for (const [key, source] of Object.entries(english)) {
      const want = [...argumentsOf(parse(source, { ignoreTag: true }))].sort();
      const translated = parse(catalog[key] ?? "", { ignoreTag: true, requiresOtherClause: true });
      expect([...argumentsOf(translated)].sort(), `${locale} ${key}`).toEqual(want);
      expect(pluralsHaveOther(translated), `${locale} ${key}`).toBe(true);
      expect(hasSkeleton(translated), `${locale} ${key}`).toBe(false);
      expect(catalog[key]?.trim(), `${locale} ${key}`).not.toBe("");
    }
  });
});
