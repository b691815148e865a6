import { z } from "@hono/zod-openapi";
import { normalizeCustomDomain } from "../../domain/custom-domain";
import { platformDomainProblem } from "../../domain/platform-host";
import type { OwnerEnv } from "../../env";
import { turnstileConfigured } from "../../services/captcha";
import { ApiError } from "../../errors";
import { membersOnly, requireRole } from "../../middleware/auth";
import { createBusiness, getBusiness, updateBusiness } from "../../services/owner/businesses";
import {
  businessNameField,
  bookingLanguagesField,
  businessTypeField,
  currencyField,
  emailField,
  hexColor,
  httpUrl,
  localeField,
  NOT_EMPTY,
  notEmpty,
  slugField,
  timeZoneField,
} from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { OwnerBusiness, toOwnerBusiness } from "./business-shapes";
import { giftCardsField } from "./gift-card-settings";

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const OPERATOR_ONLY = "Only the platform operator can change this";
/**
 * A field the body names only to refuse it with OPERATOR_ONLY (any value, null included). Not
 * `z.never()`, which the document generator cannot express: the document says `not: {}`.
 */
const operatorOnly = z
  .unknown()
  .superRefine((_, ctx) => ctx.addIssue({ code: "custom", message: OPERATOR_ONLY }))
  .optional()
  .openapi({ not: {}, description: `${OPERATOR_ONLY} (400 when sent)` });

const customDomainField = z
  .string()
  .max(300, "Not a valid host name")
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v.trim() === "") return null;
    const r = normalizeCustomDomain(v);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.problem });
      return z.NEVER;
    }
    return r.hostname;
  });

/** design.md §16/§17: up to 3 distinct whole hours before the start, 1..168 ([] = no reminders). */
const reminderHoursField = z
  .array(z.number().int("Use whole hours").min(1, "At least 1 hour").max(168, "At most 168 hours (a week)"))
  .max(3, "At most 3 reminders")
  .superRefine((hours, ctx) => {
    hours.forEach((h, i) => {
      if (hours.indexOf(h) !== i) ctx.addIssue({ code: "custom", path: [i], message: `${h} hours is listed twice` });
    });
  })
  // Earliest reminder first, so the list reads in the order the e-mails go out.
  .transform((hours) => [...hours].sort((a, b) => b - a));

const strikeCount = z
  .number()
  .int("Use a whole number of no-shows and late cancellations")
  .min(1, "At least 1")
  .max(50, "At most 50")
  .nullable()
  .default(null);

/**
 * design.md §28: the strike counts from which a recognised customer's public booking needs a card
 * on file, a deposit, or is refused (null = never); null or all steps null = off.
 */
const reliabilityPolicyField = z
  .object({
    cardAfter: strikeCount,
    depositAfter: strikeCount,
    depositPercent: z.number().int("Use a whole percentage").min(1, "At least 1").max(100, "At most 100").nullable().default(null),
    blockAfter: strikeCount,
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.depositAfter !== null && p.depositPercent === null) {
      ctx.addIssue({ code: "custom", path: ["depositPercent"], message: "Say what share of the price the deposit is" });
    }
  })
  .nullable()
  .transform((p) => (p && (p.cardAfter !== null || p.depositAfter !== null || p.blockAfter !== null) ? p : null));

/** PATCH /me: profile and booking settings only (design.md §7, §13); the rest is the operator's. */
const settingsBody = z
  .object({
    businessName: businessNameField,
    businessType: businessTypeField,
    description: text(5000),
    // logo_url is a non-null column: "" (or null) means no logo.
    logoUrl: z
      .union([z.literal(""), httpUrl])
      .nullable()
      .transform((v) => v ?? ""),
    coverImageUrl: z
      .union([z.literal(""), httpUrl])
      .nullable()
      .transform((v) => v || null),
    timezone: timeZoneField,
    currency: currencyField,
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(?:[A-Z]{2})?$/, "Use a 2-letter ISO 3166 country code"),
    city: text(100),
    provinceState: text(100),
    country: text(100),
    addressLine1: text(200),
    phone: text(40),
    email: z.union([z.literal(""), emailField]),
    cancellationHours: z.number().int("Use whole hours").min(0, "At least 0").max(8760, "At most 8760 hours (a year)"),
    cancellationPolicy: text(5000),
    allowGuestBooking: z.boolean(),
    requirePayment: z.boolean(),
    // design.md §21 no-show protection: percent of the price charged to the card on file.
    noShowFeePercent: z.number().int("Use a whole percentage").min(0, "At least 0").max(100, "At most 100"),
    lateCancelFeePercent: z.number().int("Use a whole percentage").min(0, "At least 0").max(100, "At most 100"),
    aiAssistantEnabled: z.boolean(),
    // design.md §31: public creates then need a Cloudflare Turnstile token (only where the platform has Turnstile).
    botProtection: z.boolean(),
    widgetColor: hexColor,
    widgetMode: z.enum(["popup", "inline"], { error: "Use popup or inline" }),
    template: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, "Use a template name of lowercase letters, digits and hyphens"),
    templateAccent: hexColor,
    customDomain: customDomainField,
    // Booking rules (design.md §16): public bookings start at least this long from now, on a
    // date at most this many days ahead; the owner API is not held to them.
    minNoticeMinutes: z.number().int("Use whole minutes").min(0, "At least 0").max(43200, "At most 43200 minutes (30 days)"),
    maxAdvanceDays: z.number().int("Use whole days").min(1, "At least 1 day").max(730, "At most 730 days"),
    reminderHours: reminderHoursField,
    // Where notices of new, moved and cancelled bookings go; "" = the business e-mail.
    notificationEmail: z.union([z.literal(""), emailField], { error: "Enter a valid e-mail address, or leave it empty" }),
    // design.md §27: texts to customers who agreed to them: confirmations (and moves and
    // cancellations), and reminders at the reminderHours. The monthly limit is the operator's.
    smsConfirmations: z.boolean(),
    smsReminders: z.boolean(),
    reliabilityPolicy: reliabilityPolicyField,
    // design.md §30: the business's language and the languages its booking page offers.
    locale: localeField,
    bookingLanguages: bookingLanguagesField,
    giftCards: giftCardsField,
    ...Object.fromEntries(
      [
        "id",
        "slug",
        "plan",
        "planStatus",
        "isActive",
        "isSuspended",
        "suspendedReason",
        "suspendedAt",
        "trialEndsAt",
        "stripeAccountId",
        "stripeConnected",
        "stripeChargesEnabled",
        "stripeDetailsSubmitted",
        "smsMonthlyLimit",
        "createdBy",
        "createdAt",
        "updatedAt",
      ].map((k) => [k, operatorOnly]),
    ),
  })
  .partial()
  .strict()
  .refine(notEmpty, NOT_EMPTY);

const createBody = z
  .object({
    businessName: businessNameField,
    slug: slugField.optional(),
    businessType: businessTypeField.optional(),
    timezone: timeZoneField.optional(),
    currency: currencyField.optional(),
    country: text(100).optional(),
  })
  .strict();

const writers = requireRole("owner", "admin");

const tags = ["Business"];

const route = routeGroup({ tags, security: security.owner });
const read = route.get("/me", "The caller's business: profile, booking settings, plan and account state", {
  ok: OwnerBusiness,
  errors: [401, 403, 404],
});
const change = route.patch(
  "/me",
  "Changes the profile and booking settings (owner/admin); plan, suspension, trial and Stripe state are the operator's",
  {
    description:
      "An operator-only field is 400 `invalid_request` naming it; an unknown field too. A new custom domain is created at Cloudflare " +
      "for SaaS and is pending until its DNS records are in place (see customDomainStatus); 409 domain_taken when it is another " +
      "business's active domain (a newer claim replaces one that is not active yet); 502 domain_provider_error when Cloudflare " +
      "refuses (nothing is saved). 400 stripe_not_connected when payment, a fee, or a reliability policy's card or deposit step is turned on " +
      "without a Stripe account that can take charges (so is selling gift cards, giftCards.enabled); 400 invalid_request on reliabilityPolicy.cardAfter when no no-show or late-cancel fee is above 0.",
    middleware: [writers],
    body: settingsBody,
    ok: OwnerBusiness,
    errors: [400, 401, 403, 404, 409, 502],
  },
);
const create = route.post("/", "Another business, owned by the caller (members' tokens only; owner/admin of the current business)", {
  description:
    "Time zone, currency and country default to the current business's. A chosen slug that is taken is 409 slug_taken; a " +
    "derived one gets a suffix.",
  security: security.member,
  middleware: [membersOnly, writers],
  body: createBody,
  created: OwnerBusiness,
  errors: [400, 401, 403, 409],
});

/** /api/businesses (owner token; requireOwner applied in ./index.ts). */
export const businessesRoutes = openApiRouter<OwnerEnv>()
  .openapi(read, async (c) =>
    c.json({ data: toOwnerBusiness(await getBusiness(c.var.services.db, c.var.auth.tenantId), c.var.services.config) }, 200),
  )
  .openapi(change, async (c) => {
    const fields = c.req.valid("json");
    if (fields.customDomain) {
      // The platform's own host (and its workers.dev name) serves every tenant's page by slug and
      // the operator console; it cannot belong to one tenant (design.md §18).
      const problem = platformDomainProblem(fields.customDomain, c.var.services.config.PUBLIC_BASE_URL);
      if (problem) throw ApiError.field("customDomain", problem);
    }
    if (fields.botProtection && !turnstileConfigured(c.var.services.config)) {
      throw ApiError.field("botProtection", "Bot protection is not available on this platform (Turnstile is not configured)");
    }
    const { giftCards, ...rest } = fields;
    const settings = giftCards === undefined ? rest : { ...rest, giftCardSettings: giftCards };
    return c.json(
      { data: toOwnerBusiness(await updateBusiness(c.var.services, c.var.auth.tenantId, settings), c.var.services.config) },
      200,
    );
  })
  .openapi(create, async (c) => {
    const auth = c.var.auth;
    const row = await createBusiness(
      c.var.services.db,
      { userId: auth.userId, tenantId: auth.tenantId },
      c.req.valid("json"),
      c.var.services.now,
    );
    return c.json({ data: toOwnerBusiness(row, c.var.services.config) }, 201);
  });
