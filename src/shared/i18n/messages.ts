import { IntlMessageFormat } from "intl-messageformat";
import type { Locale } from "./locales";

/**
 * ICU MessageFormat catalogs (design.md §30). Each area (booking page, e-mails, texts) has one
 * catalog per locale; the English one is the source of the keys: `CatalogOf<typeof en>` makes every
 * other catalog name exactly its keys, so a missing or misspelt key fails the typecheck, and
 * test/unit/shared/i18n-catalogs.test.ts checks that each message takes the same arguments.
 *
 * A message is ICU text (the Worker parses it once per isolate) or, in the browser, the parsed form
 * the build wrote into the page's catalog asset (the page bundle carries no parser).
 */
export type Message = string | ConstructorParameters<typeof IntlMessageFormat>[0];
export type CatalogOf<Source> = { readonly [K in keyof Source]: string };
export type MessageValues = Record<string, string | number | Date>;
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/** `t(key, values)` for one catalog and locale; formats are built on first use and kept. */
export function translator<K extends string>(locale: Locale, messages: Readonly<Record<K, Message>>): Translate<K> {
  const formats = new Map<K, IntlMessageFormat>();
  return (key, values) => {
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(messages[key], locale, undefined, { ignoreTag: true });
      formats.set(key, format);
    }
    return String(format.format(values));
  };
}
