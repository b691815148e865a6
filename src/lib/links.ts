import type { Config } from "../config";

/** Where `npm start` serves the app: the link base of a development setup without PUBLIC_BASE_URL. */
export const DEV_BASE_URL = "http://127.0.0.1:8787";

/**
 * The base of every link the platform sends (reset, invite, manage links in e-mails): the
 * configured PUBLIC_BASE_URL, never the request's Host — a tenant's custom domain (or any Host a
 * caller makes up) must not end up in someone else's reset link (design.md §18). Production
 * refuses to start without PUBLIC_BASE_URL, so the fallback only ever serves development and tests.
 */
export function linkBase(config: Pick<Config, "PUBLIC_BASE_URL">): string {
  return config.PUBLIC_BASE_URL ?? DEV_BASE_URL;
}

/** `{base}{path}?{query}`, with the query values encoded. */
export function platformLink(config: Pick<Config, "PUBLIC_BASE_URL">, path: string, query: Record<string, string> = {}): string {
  const q = new URLSearchParams(query).toString();
  return `${linkBase(config)}${path}${q ? `?${q}` : ""}`;
}
