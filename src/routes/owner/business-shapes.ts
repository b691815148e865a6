import { z } from "@hono/zod-openapi";
import type { Config } from "../../config";
import { effectiveSmsLimit } from "../../domain/sms/limits";
import type { BusinessRow } from "../../services/owner/businesses";
import { GIFT_CARD_DEFAULTS } from "../../shared/gift-cards";
import { normalizeBookingLanguages, SUPPORTED_LOCALES } from "../../shared/i18n/locales";
import { CustomDomainStatus, toCustomDomainStatus } from "./custom-domain";
import { GiftCardSettingsOut } from "./gift-card-settings";

// The business as its owner reads it (GET/PATCH /api/businesses/me, the settings view).

const FLAG = "0/1 in the public profile; a boolean here";

/** The caller's business: the public profile in camelCase plus plan and account state; no secrets. */
export const OwnerBusiness = z
  .object({
    id: z.string(),
    slug: z.string(),
    businessName: z.string(),
    businessType: z.string(),
    description: z.string(),
    logoUrl: z.string().openapi({ description: '"" when there is no logo' }),
    coverImageUrl: z.string().nullable(),
    timezone: z.string().openapi({ description: "IANA time zone of the business" }),
    currency: z.string().openapi({ description: "ISO 4217 code" }),
    countryCode: z.string().openapi({ description: 'ISO 3166 alpha-2, or ""' }),
    city: z.string(),
    provinceState: z.string(),
    country: z.string(),
    addressLine1: z.string(),
    phone: z.string(),
    email: z.string(),
    cancellationHours: z.number().int(),
    cancellationPolicy: z.string(),
    allowGuestBooking: z.boolean().openapi({ description: FLAG }),
    requirePayment: z.boolean().openapi({ description: FLAG }),
    noShowFeePercent: z.number().int(),
    lateCancelFeePercent: z.number().int(),
    aiAssistantEnabled: z.boolean(),
    botProtection: z.boolean().openapi({ description: "Public creates need a Cloudflare Turnstile token (captchaToken)" }),
    widgetColor: z.string(),
    widgetMode: z.string().openapi({ enum: ["popup", "inline"] }),
    template: z.string(),
    templateAccent: z.string(),
    customDomain: z.string().nullable(),
    customDomainStatus: CustomDomainStatus.nullable().openapi({ description: "null when no custom domain is set" }),
    minNoticeMinutes: z.number().int().openapi({ description: "Public bookings start at least this long from now" }),
    maxAdvanceDays: z.number().int().openapi({ description: "Public bookings are at most this many days ahead" }),
    reminderHours: z.array(z.number().int()).openapi({ description: "Reminder e-mails, hours before the start (earliest first)" }),
    notificationEmail: z.string().openapi({ description: '"" = the business e-mail' }),
    smsConfirmations: z
      .boolean()
      .openapi({ description: "Texts customers who agreed to them when a booking is confirmed, moved or cancelled (design.md §27)" }),
    smsReminders: z.boolean().openapi({ description: "Texts those customers a reminder at each of reminderHours" }),
    locale: z.enum(SUPPORTED_LOCALES).openapi({ description: "The business's language (design.md §30)" }),
    bookingLanguages: z
      .array(z.enum(SUPPORTED_LOCALES))
      .openapi({ description: "The languages the booking page offers; always includes locale" }),
    reliabilityPolicy: z
      .object({
        cardAfter: z.number().int().nullable(),
        depositAfter: z.number().int().nullable(),
        depositPercent: z.number().int().nullable(),
        blockAfter: z.number().int().nullable(),
      })
      .nullable()
      .openapi({
        description:
          "design.md §28: strike counts (no-shows and late cancellations over 12 months, less completed bookings) from which a " +
          "recognised customer's public booking needs a card on file, a deposit of depositPercent, or is refused; null = off",
      }),
    giftCards: GiftCardSettingsOut,
    smsMonthlyLimit: z
      .number()
      .int()
      .openapi({ description: "Texts a month (the business's local month); set by the platform operator, read-only here" }),
    plan: z.enum(["free", "pro", "enterprise"]),
    planStatus: z.string(),
    isActive: z.boolean(),
    isSuspended: z.boolean(),
    suspendedReason: z.string().nullable(),
    trialEndsAt: z.string().nullable(),
    stripeConnected: z.boolean().openapi({ description: "A Stripe account is connected (GET /api/payments/stripe-account tells more)" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("OwnerBusiness");

export function toOwnerBusiness(t: BusinessRow, config: Config): z.infer<typeof OwnerBusiness> {
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
    botProtection: Boolean(t.botProtection),
    widgetColor: t.widgetColor,
    widgetMode: t.widgetMode,
    template: t.template,
    templateAccent: t.templateAccent,
    customDomain: t.customDomain ?? null,
    customDomainStatus: toCustomDomainStatus(t, config),
    minNoticeMinutes: t.minNoticeMinutes,
    maxAdvanceDays: t.maxAdvanceDays,
    reminderHours: t.reminderHours,
    notificationEmail: t.notificationEmail,
    smsConfirmations: Boolean(t.smsConfirmations),
    smsReminders: Boolean(t.smsReminders),
    locale: t.locale,
    bookingLanguages: normalizeBookingLanguages(t.bookingLanguages, t.locale),
    reliabilityPolicy: t.reliabilityPolicy ?? null,
    giftCards: t.giftCardSettings ?? GIFT_CARD_DEFAULTS,
    smsMonthlyLimit: effectiveSmsLimit(t.plan, t.smsMonthlyLimit),
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
