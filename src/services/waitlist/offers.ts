import { type SQL, sql } from "drizzle-orm";
import { type Config, smsConfig } from "../../config";
import type { Db } from "../../db/client";
import { localMonth } from "../../domain/sms/limits";
import { waitlistOfferText } from "../../domain/sms/templates";
import { instantToLocalString } from "../../domain/time";
import type { Locale } from "../../shared/i18n/locales";
import type { FreeTime } from "../../domain/waitlist";
import { newId } from "../../lib/ids";
import { platformLink } from "../../lib/links";
import { compose, type Part } from "../batch";
import { waitlistOfferEmail } from "../email/waitlist-templates";
import { emailInsert } from "../outbox";
import { smsInsert } from "../sms/outbox";

/**
 * An offer of a free time to a waiting entry (design.md §28), as batch parts: the offer's record,
 * the e-mail with a link that opens the booking page on that time, and a text when the customer
 * agreed to texts (and Twilio is configured). All gated on `gate` and on the entry still waiting;
 * the record is unique per (entry, trigger), so an entry hears of one freed time once.
 */

export type OfferTenant = { id: string; slug: string; businessName: string; timezone: string };
export type OfferEntry = {
  id: string;
  firstName: string;
  email: string;
  smsPhone: string | null;
  smsOptIn: boolean;
  serviceName: string;
  /** design.md §30: the entry's language (the page's at join, else the business's). */
  locale: Locale;
};
export type OfferedTime = FreeTime & { serviceId: string; staffName: string };

/** The booking page on that time: service, staff member, date and time preselected, in the entry's language. */
export function offerLink(config: Pick<Config, "PUBLIC_BASE_URL">, tenant: OfferTenant, time: OfferedTime, lang?: Locale): string {
  const local = instantToLocalString(tenant.timezone, time.startAt);
  return platformLink(config, "/book", {
    slug: tenant.slug,
    service: time.serviceId,
    staff: time.staffId,
    date: local.slice(0, 10),
    time: local.slice(11, 16),
    ...(lang ? { lang } : {}),
  });
}

export function offerParts(
  db: Db,
  config: Config,
  o: { tenant: OfferTenant; entry: OfferEntry; time: OfferedTime; triggerKey: string; via: "auto" | "owner" },
  now: Date,
  gate: SQL,
): Part {
  const id = newId("wlo");
  const t = now.toISOString();
  const { tenant, entry, time } = o;
  const offered = sql`EXISTS (SELECT 1 FROM waitlist_offers WHERE id = ${id})`;
  const link = offerLink(config, tenant, time, entry.locale);
  return compose((add) => {
    add(
      db.run(sql`
        INSERT INTO waitlist_offers (id, tenant_id, entry_id, trigger_key, via, staff_id, start_at, end_at, created_at)
        SELECT ${id}, ${tenant.id}, ${entry.id}, ${o.triggerKey}, ${o.via}, ${time.staffId}, ${time.startAt}, ${time.endAt}, ${t}
        WHERE (${gate}) AND EXISTS (SELECT 1 FROM waitlist_entries WHERE id = ${entry.id} AND status = 'waiting')
        ON CONFLICT (entry_id, trigger_key) DO NOTHING`),
    );
    add(
      emailInsert(
        db,
        {
          ...waitlistOfferEmail({
            businessName: tenant.businessName,
            firstName: entry.firstName,
            serviceName: entry.serviceName,
            staffName: time.staffName,
            timezone: tenant.timezone,
            startAt: time.startAt,
            bookUrl: link,
            locale: entry.locale,
          }),
          tenantId: tenant.id,
          to: entry.email,
        },
        now,
        offered,
      ),
    );
    if (entry.smsOptIn && entry.smsPhone && smsConfig(config)) {
      add(
        smsInsert(
          db,
          {
            tenantId: tenant.id,
            businessName: tenant.businessName,
            phone: entry.smsPhone,
            template: "waitlist_offer",
            body: waitlistOfferText(
              { businessName: tenant.businessName, timezone: tenant.timezone, startAt: time.startAt, link },
              entry.locale,
            ),
            month: localMonth(tenant.timezone, now.getTime()),
          },
          now,
          offered,
        ),
      );
    }
  });
}
