import { Hono } from "hono";
import { z } from "zod";
import { normalizeCustomDomain } from "../../domain/custom-domain";
import { platformDomainProblem } from "../../domain/platform-host";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { membersOnly, requireRole } from "../../middleware/auth";
import { type BusinessRow, createBusiness, getBusiness, updateBusiness } from "../../services/owner/businesses";
import { currencyField, emailField, hexColor, httpUrl, NOT_EMPTY, notEmpty, slugField, timeZoneField } from "../fields";

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const OPERATOR_ONLY = "Only the platform operator can change this";

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

/** PATCH /me: profile and booking settings only (design.md §7, §13); the rest is the operator's. */
const settingsBody = z
  .object({
    businessName: z.string().trim().min(1, "Business name is required").max(200, "At most 200 characters"),
    businessType: z.string().trim().min(1, "Business type is required").max(100, "At most 100 characters"),
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
        "createdBy",
        "createdAt",
        "updatedAt",
      ].map((k) => [k, z.never({ error: OPERATOR_ONLY }).optional()]),
    ),
  })
  .partial()
  .strict()
  .refine(notEmpty, NOT_EMPTY);

const createBody = z
  .object({
    businessName: z.string().trim().min(1, "Business name is required").max(200, "At most 200 characters"),
    slug: slugField.optional(),
    businessType: z.string().trim().min(1).max(100).optional(),
    timezone: timeZoneField.optional(),
    currency: currencyField.optional(),
    country: text(100).optional(),
  })
  .strict();

/** The caller's business: the public profile in camelCase plus plan and account state; no secrets. */
export function toOwnerBusiness(t: BusinessRow) {
  return {
    id: t.id,
    slug: t.slug,
    businessName: t.businessName,
    businessType: t.businessType,
    description: t.description,
    logoUrl: t.logoUrl,
    coverImageUrl: t.coverImageUrl ?? null,
    timezone: t.timezone,
    currency: t.currency,
    countryCode: t.countryCode,
    city: t.city,
    provinceState: t.provinceState,
    country: t.country,
    addressLine1: t.addressLine1,
    phone: t.phone,
    email: t.email,
    cancellationHours: t.cancellationHours,
    cancellationPolicy: t.cancellationPolicy,
    allowGuestBooking: Boolean(t.allowGuestBooking),
    requirePayment: Boolean(t.requirePayment),
    noShowFeePercent: t.noShowFeePercent,
    lateCancelFeePercent: t.lateCancelFeePercent,
    aiAssistantEnabled: Boolean(t.aiAssistantEnabled),
    widgetColor: t.widgetColor,
    widgetMode: t.widgetMode,
    template: t.template,
    templateAccent: t.templateAccent,
    customDomain: t.customDomain ?? null,
    minNoticeMinutes: t.minNoticeMinutes,
    maxAdvanceDays: t.maxAdvanceDays,
    reminderHours: t.reminderHours,
    notificationEmail: t.notificationEmail,
    plan: t.plan,
    planStatus: t.planStatus,
    isActive: Boolean(t.isActive),
    isSuspended: Boolean(t.isSuspended),
    suspendedReason: t.suspendedReason ?? null,
    trialEndsAt: t.trialEndsAt ?? null,
    stripeConnected: Boolean(t.stripeAccountId),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

const writers = requireRole("owner", "admin");

/** /api/businesses (owner token; requireOwner applied in ./index.ts). */
export const businessesRoutes = new Hono<OwnerEnv>()
  .get("/me", async (c) => c.json({ data: toOwnerBusiness(await getBusiness(c.var.db, c.var.auth.tenantId)) }))
  .patch("/me", writers, validate("json", settingsBody), async (c) => {
    const fields = c.req.valid("json");
    if (fields.customDomain) {
      // The platform's own host (and its workers.dev name) serves every tenant's page by slug and
      // the operator console; it cannot belong to one tenant (design.md §18).
      const problem = platformDomainProblem(fields.customDomain, c.var.config.PUBLIC_BASE_URL);
      if (problem) throw ApiError.field("customDomain", problem);
    }
    return c.json({ data: toOwnerBusiness(await updateBusiness(c.var.db, c.var.auth.tenantId, fields, c.var.now)) });
  })
  .post("/", membersOnly, writers, validate("json", createBody), async (c) => {
    const auth = c.var.auth;
    const row = await createBusiness(c.var.db, { userId: auth.userId, tenantId: auth.tenantId }, c.req.valid("json"), c.var.now);
    return c.json({ data: toOwnerBusiness(row) }, 201);
  });
