import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import { uniqueViolation } from "../../db/unique-violation";
import { bookingLimits, performers } from "../../domain/schedule";
import { e164Of, regionOf } from "../../domain/sms/phone";
import { type WindowInput, windowInstants, windowProblem } from "../../domain/waitlist";
import { ApiError, fieldErrorMap } from "../../errors";
import { newId, newSecret } from "../../lib/ids";
import { platformLink } from "../../lib/links";
import { sha256Hex } from "../auth/password-reset";
import { requireCaptcha } from "../captcha";
import { batch } from "../batch";
import { type BookingCtx, parseStaffIds, serviceQuery, staffQuery, tenantIdSql } from "../bookings/scope";
import { waitlistJoinedEmail } from "../email/waitlist-templates";
import { emailInsert } from "../outbox";
import { publicTenantSql } from "../public-tenant";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";

/** The manage link of an entry: the booking page, which offers to leave the waitlist. */
export function waitlistManageUrl(config: Pick<Config, "PUBLIC_BASE_URL">, slug: string, token: string): string {
  return platformLink(config, "/book", { slug, waitlist: token });
}

export type JoinInput = {
  serviceId: string;
  staffProfileId?: string;
  windows: WindowInput[];
  customer: { firstName: string; lastName?: string; email: string; phone?: string; smsOptIn?: boolean };
  /** design.md §31: the Turnstile token, needed where the business has bot protection on. */
  captchaToken?: string;
  clientIp?: string;
  /** design.md §30: the page's language, kept on the entry for every e-mail and text about it (else the business's). */
  locale?: Locale;
};

export type JoinedEntry = { id: string; status: "waiting"; manageUrl: string };

type TenantRow = {
  id: string;
  slug: string;
  businessName: string;
  timezone: string;
  minNoticeMinutes: number;
  maxAdvanceDays: number;
  countryCode: string;
  country: string;
  botProtection: number;
  locale: string;
};

/**
 * POST /api/public/:slug/waitlist (design.md §28): bot protection as on public creates (§31), two round trips, the read (tenant, service,
 * staff) and one write batch (the entry, its windows, the customer's e-mail with the manage link),
 * the write gated on the business still taking public bookings. The manage link's secret is
 * returned once and stored only as its hash. A second join for the same service by the same
 * e-mail while the first waits is 409 conflict (the partial unique index decides, race-safe).
 */
export async function joinWaitlist(ctx: BookingCtx & { config: Config }, slug: string, input: JoinInput): Promise<JoinedEntry> {
  const { db, now } = ctx;
  const scope = { kind: "public" as const, slug };
  const tenantId = tenantIdSql(scope);
  const [tenants, services, staffRows] = await db.batch([
    db.all<TenantRow>(sql`
      SELECT id, slug, business_name AS businessName, timezone, min_notice_minutes AS minNoticeMinutes,
             max_advance_days AS maxAdvanceDays, country_code AS countryCode, country, bot_protection AS botProtection, locale
      FROM tenants WHERE ${publicTenantSql(slug)} LIMIT 1`),
    serviceQuery(db, scope, input.serviceId),
    staffQuery(db, "public", tenantId, input.staffProfileId === undefined ? undefined : sql`${input.staffProfileId}`),
  ]);
  const tenant = tenants[0];
  if (!tenant) throw ApiError.notFound("Business");
  const service = services[0];
  if (!service) throw ApiError.notFound("Service");
  if (input.staffProfileId !== undefined) {
    if (staffRows.length === 0) throw ApiError.notFound("Staff member");
    if (performers(staffRows, parseStaffIds(service.staffIds)).length === 0) {
      throw ApiError.field("staffProfileId", "This staff member does not perform this service");
    }
  }

  const limits = bookingLimits(tenant.timezone, now.getTime(), tenant);
  const windows = input.windows.map((w) => windowInstants(tenant.timezone, w));
  const fieldErrors = fieldErrorMap();
  windows.forEach((w, i) => {
    const problem = windowProblem(w, limits, now.getTime());
    if (problem) fieldErrors[`windows.${i}`] = [problem];
  });
  if (Object.keys(fieldErrors).length) throw ApiError.validation({ formErrors: [], fieldErrors });
  // After the checks that cost nothing: a token is good for one check (design.md §31).
  await requireCaptcha(ctx.config, { botProtection: tenant.botProtection === 1 }, input.captchaToken, input.clientIp);

  const id = newId("wle");
  const token = newSecret(24);
  const tokenHash = await sha256Hex(token);
  const c = input.customer;
  const email = c.email.toLowerCase();
  const t = now.toISOString();
  const lastEnd = Math.max(...windows.map((w) => w.endAt));
  const smsPhone = e164Of(c.phone, regionOf(tenant));
  const manageUrl = waitlistManageUrl(ctx.config, tenant.slug, token);
  const written = sql`EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ${id})`;
  const locale = input.locale ?? (isLocale(tenant.locale) ? tenant.locale : DEFAULT_LOCALE);
  const rows = JSON.stringify(windows.map((w) => ({ id: newId("wlw"), ...w })));

  const b = batch(db);
  b.add(
    db.run(sql`
      INSERT INTO waitlist_entries (id, tenant_id, service_id, staff_id, first_name, last_name, email, phone, sms_phone, sms_opt_in, locale,
                                    status, manage_token_hash, last_window_end_at, created_at, updated_at)
      SELECT ${id}, ${tenant.id}, ${service.id}, ${input.staffProfileId ?? null}, ${c.firstName}, ${c.lastName ?? ""}, ${email},
             ${c.phone ?? ""}, ${smsPhone}, ${c.smsOptIn === true ? 1 : 0}, ${locale}, 'waiting', ${tokenHash}, ${lastEnd}, ${t}, ${t}
      WHERE EXISTS (SELECT 1 FROM tenants WHERE id = ${tenant.id} AND is_active = 1 AND is_suspended = 0)`),
  );
  b.add(
    db.run(sql`
      INSERT INTO waitlist_windows (id, tenant_id, entry_id, date, start_at, end_at)
      SELECT json_extract(j.value, '$.id'), ${tenant.id}, ${id}, json_extract(j.value, '$.date'),
             json_extract(j.value, '$.startAt'), json_extract(j.value, '$.endAt')
      FROM json_each(${rows}) j WHERE ${written}`),
  );
  b.add(
    emailInsert(
      db,
      {
        ...waitlistJoinedEmail({
          businessName: tenant.businessName,
          firstName: c.firstName,
          serviceName: service.name,
          timezone: tenant.timezone,
          windows,
          manageUrl,
          locale,
        }),
        tenantId: tenant.id,
        to: email,
      },
      now,
      written,
    ),
  );
  const readBack = b.add(db.all<{ id: string }>(sql`SELECT id FROM waitlist_entries WHERE id = ${id}`));
  try {
    await b.run(ctx);
  } catch (err) {
    if (uniqueViolation(err)?.includes("waitlist_entries.email")) {
      throw new ApiError("conflict", "You are already on the waitlist for this service; the link in your e-mail lets you leave it");
    }
    throw err;
  }
  // The business was suspended between the read and the write: as if it had been before.
  if (readBack.result().length === 0) throw ApiError.notFound("Business");
  return { id, status: "waiting", manageUrl };
}
