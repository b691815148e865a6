import { z } from "@hono/zod-openapi";
import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from "../shared/ai-limits";
import { SUPPORTED_LOCALES, supportedLocale } from "../shared/i18n/locales";
import { datesInRange, parseLocalDate, parseLocalDateTime } from "../domain/time";
import { slugProblem } from "../services/auth/slug";
import { MAX_DAYS_RANGE } from "../services/bookings";
import { MAX_CAPTCHA_TOKEN } from "../services/captcha";

// The field rules every caller group's bodies and queries share (public, auth, me, owner, admin,
// AI): one definition of an e-mail, an id, a page size, a name, a booking's customer, so the same
// input gets the same answer on every route. A rule two routes use lives here, never in a caller's
// folder; a field only one route has (a fee percentage, a closure's length) stays in its route.

/** "<name> is required" when absent, "<name> must be a string" when of another type. */
export const presence = (name: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`),
});

/** Stored and compared lower-case (design.md §3). */
export const emailField = z
  .string(presence("E-mail"))
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

/** A record id: non-empty, bounded (ids are ~24 chars; the bound only stops absurd input). */
export const idField = (name: string, max = 100) =>
  z.string(presence(name)).trim().min(1, `${name} is required`).max(max, `${name} is too long`);

/** `{ id }` of a path like `/webhooks/:id`. */
export const idParam = z.object({ id: idField("id", 64) });

/** `{ id }` of a path whose id is only looked up: any text; an unknown (or absurd) one is 404, never 400. */
export const lookupIdParam = z.object({ id: z.string() });

/** `{ slug }` of a public path (/api/public/{slug}/..., /api/ai-public/{slug}/...): only looked up, unknown -> 404. */
export const slugParam = z.object({ slug: z.string().openapi({ description: "The business's slug", example: "city-salon" }) });

/** A page size: 1..200 (interface.md §Limits), `fallback` when absent. */
export const pageSizeField = (fallback: number) =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(200, "limit must be at most 200")
    .default(fallback);

/** `?limit=` of every list: 1..200, default 50 (interface.md §Limits). */
export const limitField = pageSizeField(50);

/** `?offset=` of a paged list (the console's tenants, the app's bookings): how many to skip, 0..max. */
export const offsetField = (max: number) => z.coerce.number().int().min(0).max(max).default(0);

/** `?search=` of a list: part of a name, e-mail or phone. */
export const searchField = z.string().trim().max(200, "search must be at most 200 characters");

/** A query that takes only `?limit=`. */
export const limitQuery = z.object({ limit: limitField }).strict();

/** `?limit=&offset=` of an owner's list paged by offset (gift cards, packages sold). */
export const limitOffsetQuery = z.object({ limit: limitField, offset: offsetField(100_000) });

/** Why an owner issues or voids a prepaid item by hand (gift cards, packages); audited. */
export const ownerReasonField = z.string().trim().min(1, "Say why").max(500, "At most 500 characters");

/** The body of an operator's step that must say why (discarding a job, scheduling a tenant's deletion); audited. */
export const operatorReasonBody = z
  .object({ reason: z.string({ error: "Reason is required" }).trim().min(1, "Reason is required").max(500, "At most 500 characters") })
  .strict();

/** Optional text: absent or null both mean "not given". */
export const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? undefined);

/** A person's names and phone (accounts, members, a business's customers, a booking's customer). */
export const firstNameField = z
  .string(presence("First name"))
  .trim()
  .min(1, "First name is required")
  .max(100, "First name must be at most 100 characters");
export const lastNameField = z.string().trim().max(100, "Last name must be at most 100 characters");
export const phoneField = z.string().trim().max(40, "Phone must be at most 40 characters");

/** A business's name and kind (registration, a new business, the profile). */
export const businessNameField = z.string().trim().min(1, "Business name is required").max(200, "At most 200 characters");
export const businessTypeField = z.string().trim().min(1, "Business type is required").max(100, "At most 100 characters");

/** The customer of a booking, public or made by the business (interface.md §Create booking body). */
export const bookingCustomerField = z.object(
  {
    firstName: firstNameField,
    lastName: optionalText(100, "Last name"),
    email: emailField,
    phone: optionalText(40, "Phone"),
    notes: optionalText(2000, "Notes"),
    // design.md §27: the customer agreed to texts about this booking (unchecked by default).
    smsOptIn: z.boolean({ error: "smsOptIn must be true or false" }).optional(),
  },
  { error: (i) => (i.input === undefined ? "customer is required" : "customer must be an object") },
);

/** `YYYY-MM-DD` naming a real day, parsed. */
export const localDateField = z.string(presence("date")).transform((s, ctx) => {
  const d = parseLocalDate(s);
  if (!d) {
    ctx.addIssue({ code: "custom", message: "Use a real date in the form YYYY-MM-DD" });
    return z.NEVER;
  }
  return d;
});

/** The docs of a tenant-local date parameter of the availability queries. */
export const LOCAL_DATE_DOC = { description: "A date in the business's time zone, YYYY-MM-DD", example: "2031-03-11" };

/** `to` of an availability days range (a service's or a visit's): the last date, inclusive. */
export const rangeEndField = localDateField.openapi({
  ...LOCAL_DATE_DOC,
  description: `Last date of the range, inclusive; at most ${MAX_DAYS_RANGE} dates in all`,
});

type LocalDate = z.output<typeof localDateField>;

/** design.md §16: an availability days range runs `from` to `to` (inclusive), at most MAX_DAYS_RANGE dates. */
export function checkDaysRange(q: { from: LocalDate; to: LocalDate }, ctx: z.RefinementCtx) {
  const span = datesInRange(q.from, q.to);
  if (span < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
  else if (span > MAX_DAYS_RANGE) ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_DAYS_RANGE} days per request` });
}

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

/** `HH:MM` of an interval, shape only: the values (a real time, end after start, no overlap) are checked by validateWeek. */
export const clockTimeField = (name: string) => z.string().max(5, `${name} must be a time HH:MM`);

/** One interval of a day's hours (weekly hours, a date's override). */
export const timeSpanField = z.object({ start: clockTimeField("start"), end: clockTimeField("end") }).strict();

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

/** design.md §30: one of the supported locales, in any case ("pt-br" -> "pt-BR"). */
export const localeField = z
  .string()
  .max(10)
  .transform((tag, ctx) => {
    const locale = supportedLocale(tag);
    if (!locale) {
      ctx.addIssue({ code: "custom", message: `Use one of ${SUPPORTED_LOCALES.join(", ")}` });
      return z.NEVER;
    }
    return locale;
  })
  .openapi({ type: "string", enum: [...SUPPORTED_LOCALES] });

/** The languages a booking page offers: 1 to 7 supported locales, each once. */
export const bookingLanguagesField = z
  .array(localeField)
  .min(1, "Offer at least one language")
  .max(SUPPORTED_LOCALES.length)
  .refine((list) => new Set(list).size === list.length, "Name each language once");

/** Slugs are URL parts: accepted in any case, stored lower-case. */
export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

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

/** design.md §20 limits: at most 20 messages of at most 2000 characters, the last one the person's. */
const chatMessage = z
  .object({
    role: z.enum(["user", "assistant"], { error: "role must be user or assistant" }),
    content: z
      .string({ error: "content must be a string" })
      .trim()
      .min(1, "content must not be empty")
      .max(MAX_CHAT_MESSAGE_CHARS, `content must be at most ${MAX_CHAT_MESSAGE_CHARS} characters`),
  })
  .strict();

/** The body of both assistants (the booking page's and the team's). */
export const chatBody = z
  .object({
    messages: z
      .array(chatMessage, { error: "messages must be a list" })
      .min(1, "Send at least one message")
      .max(MAX_CHAT_MESSAGES, `At most ${MAX_CHAT_MESSAGES} messages`)
      .refine((m) => m.length === 0 || m[m.length - 1].role === "user", "The last message must be the user's"),
  })
  .strict();

/** design.md §31: the Turnstile token a public page sends; needed at a business with bot protection on. */
export const captchaTokenField = z
  .string()
  .max(MAX_CAPTCHA_TOKEN, `At most ${MAX_CAPTCHA_TOKEN} characters`)
  .optional()
  .openapi({ description: "The Cloudflare Turnstile token, when the business has bot protection on" });

/** What a customer account keeps about its holder: set at registration, changed with PATCH /api/me. */
export const customerProfileFields = {
  firstName: firstNameField,
  lastName: lastNameField,
  phone: phoneField,
  defaultTimezone: timeZoneField,
  marketingOptIn: z.boolean(),
};
