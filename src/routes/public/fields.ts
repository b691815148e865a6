import { z } from "zod";
import { parseLocalDate, parseLocalDateTime } from "../../domain/time";
import type { RequestScope } from "../../env";
import type { BookingCtx } from "../../services/bookings";

// Field rules of the public booking bodies and queries (interface.md §Public booking API, §Limits).

const presence = (name: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`),
});

/** A record id: non-empty, bounded (ids are ~24 chars; the bound only stops absurd input). */
export const idField = (name: string) => z.string(presence(name)).trim().min(1, `${name} is required`).max(100, `${name} is too long`);

/** `YYYY-MM-DD` naming a real day, parsed. */
export const localDateField = z.string(presence("date")).transform((s, ctx) => {
  const d = parseLocalDate(s);
  if (!d) {
    ctx.addIssue({ code: "custom", message: "Use a real date in the form YYYY-MM-DD" });
    return z.NEVER;
  }
  return d;
});

/** Tenant-local wall time `YYYY-MM-DDTHH:MM[:SS]`; an offset or Z after it is ignored (design.md §4). */
export const localDateTimeField = (name: string) =>
  z.string(presence(name)).transform((s, ctx) => {
    const v = parseLocalDateTime(s.trim());
    if (!v) {
      ctx.addIssue({ code: "custom", message: "Use a local date and time in the form YYYY-MM-DDTHH:MM:SS" });
      return z.NEVER;
    }
    return v;
  });

export const emailField = z
  .string(presence("E-mail"))
  .trim()
  .toLowerCase()
  .max(254, "E-mail is too long")
  .pipe(z.email("Enter a valid e-mail address"));

/** Optional text: absent or null both mean "not given". */
export const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? undefined);

/** The booking services' request context from a Hono handler. */
export function bookingCtx(c: RequestScope): BookingCtx {
  return { db: c.var.db, now: c.var.now, env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p) };
}

export const NO_STORE = "no-store";
export const PUBLIC_CACHE = "public, max-age=300";
