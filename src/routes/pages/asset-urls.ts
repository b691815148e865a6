import manifest from "../../../dist/client-manifest.json";
import { type Locale, SUPPORTED_LOCALES } from "../../shared/i18n/locales";

/**
 * URLs of the content-hashed page assets, from the manifest scripts/build-client.ts writes (the
 * build runs before every start, test, type check and deploy). Workers Static Assets serves the
 * files themselves (wrangler.toml [assets]); the Worker only names them in its HTML.
 */
export const ASSET_URLS = {
  css: manifest["app.css"],
  bookingJs: manifest["booking.js"],
  giftJs: manifest["gift.js"],
  packagesJs: manifest["packages.js"],
  consoleJs: manifest["console.js"],
  ownerCss: manifest["owner.css"],
  docsJs: manifest["docs.js"],
} as const;

/** design.md §30: the booking page's catalog in one language (its own asset, loaded before the page script). */
export function bookingMessagesUrl(locale: Locale): string {
  return (manifest as unknown as Record<string, string>)[`booking-messages.${locale}.js`] ?? "";
}

/** design.md §30: each language's owner-app words (an ES module), for the app's script to import its member's one. */
export function appMessagesUrls(): Record<Locale, string> {
  const m = manifest as unknown as Record<string, string>;
  return Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, m[`app-messages.${l}.js`] ?? ""])) as Record<Locale, string>;
}

/** An owner-app page's module and the chunks it imports (to preload), by its script name. */
export function ownerPageAssets(script: string): { module: string; preload: string[] } {
  const m = manifest as unknown as Record<string, string> & { preload: Record<string, string[]> };
  return { module: m[`owner-${script}.js`], preload: m.preload[`owner-${script}`] ?? [] };
}
