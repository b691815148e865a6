import { z } from "zod";
import { slugProblem } from "../../services/auth/slug";

// Field rules shared by the auth and /api/me bodies (design.md §6, §13).

/** Stored and compared lower-case (design.md §3). */
export const emailField = z
  .string({ error: "E-mail is required" })
  .trim()
  .toLowerCase()
  .max(254, "E-mail is too long")
  .pipe(z.email("Enter a valid e-mail address"));

/** At sign-in an e-mail is only looked up: a malformed one simply matches nothing (401, not 400). */
export const loginEmailField = z.string({ error: "E-mail is required" }).trim().toLowerCase().min(1, "E-mail is required").max(254);
export const loginPasswordField = z.string({ error: "Password is required" }).min(1, "Password is required").max(1024);

/** Registration and reset. The upper bound only stops absurd bodies; PBKDF2 cost does not grow with length. */
export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(256, "Password must be at most 256 characters");

export function canonicalTimeZone(tz: string): string | null {
  // Recent engines also take "+05:00" as a zone; the contract asks for IANA names only.
  if (!/^[A-Za-z]/.test(tz)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA zone name, stored in its canonical spelling ("america/new_york" -> "America/New_York"). */
export const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .transform((tz, ctx) => {
    const canonical = canonicalTimeZone(tz);
    if (!canonical) {
      ctx.addIssue({ code: "custom", message: "Use an IANA time zone such as Europe/Paris" });
      return z.NEVER;
    }
    return canonical;
  });

const knownCurrencies = (() => {
  try {
    return new Set(Intl.supportedValuesOf("currency"));
  } catch {
    return null;
  }
})();

/** ISO 4217 code, stored upper-case. */
export const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "Use a 3-letter ISO 4217 currency code")
  .refine((c) => !knownCurrencies || knownCurrencies.has(c), "Unknown currency code");

/** Slugs are URL parts: accepted in any case, stored lower-case. */
export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const firstNameField = z.string().trim().min(1, "First name is required").max(100);
export const lastNameField = z.string().trim().max(100);
export const phoneField = z.string().trim().max(40);
