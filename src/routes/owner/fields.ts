import { z } from "zod";

// Field rules shared by the owner API bodies.

/** `#rgb` or `#rrggbb`, stored lower-case (the pages only ever emit lower-case colours). */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "Use a hex colour like #1a2b3c")
  .transform((v) => v.toLowerCase());

/** An absolute http(s) URL: images end up in the booking page (no javascript:, data: or file: URLs). */
export const httpUrl = z
  .string()
  .trim()
  .max(2000, "At most 2000 characters")
  .pipe(z.url({ protocol: /^https?$/, error: "Use an absolute http(s) URL" }));

/** Rejects a PATCH body that changes nothing. */
export const notEmpty = (v: object) => Object.keys(v).length > 0;
export const NOT_EMPTY = "Send at least one field to change";

/** `?limit=` of the owner lists: 1..200, default 50 (interface.md §Limits). */
export const limitField = z.coerce
  .number({ error: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(200, "limit must be at most 200")
  .default(50);
