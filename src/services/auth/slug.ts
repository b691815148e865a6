/** Tenant slugs (design.md §6): lowercase `[a-z0-9-]{3,63}`, derived from the business name when omitted. */
export const SLUG_RE = /^[a-z0-9-]{3,63}$/;

/**
 * Words that may not be slugs: `booking` would shadow `/api/public/booking/:code` (the booking
 * lookup shares the `/api/public/:slug` space); the others name platform surfaces.
 */
export const RESERVED_SLUGS = new Set(["booking", "admin", "api", "www", "widget", "book", "waitlist"]);

export function slugProblem(slug: string): string | null {
  if (!SLUG_RE.test(slug)) return "Use 3 to 63 lowercase letters, digits or hyphens";
  if (RESERVED_SLUGS.has(slug)) return "This slug is reserved";
  return null;
}

/**
 * "Café Zoë & Co." -> "cafe-zoe-co". Accents are folded to their base letters, every other run of
 * characters outside [a-z0-9] becomes one hyphen. A result too short or reserved gets a random
 * suffix; a name with no usable characters becomes "business-<suffix>".
 */
export function slugFromName(name: string, suffix: () => string = randomSuffix): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  if (!base) return `business-${suffix()}`;
  if (base.length < 3 || RESERVED_SLUGS.has(base)) return `${base}-${suffix()}`;
  return base;
}

/** A derived slug that collided gets this appended (and is cut to stay within 63 characters). */
export function withSuffix(slug: string, suffix: string = randomSuffix()): string {
  return `${slug.slice(0, 63 - suffix.length - 1).replace(/-+$/, "")}-${suffix}`;
}

export function randomSuffix(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
