import { type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { platformLink } from "../../lib/links";
import { type Fragment, group, type Part } from "../batch";
import { dayInWords, localeOr } from "../email/mail-language";
import { packageCodeEmail } from "../email/prepaid-templates";
import { emailInsert } from "../outbox";
import { newCode } from "./codes";

export type PackageForMail = {
  tenantId: string;
  slug: string;
  businessName: string;
  packageName: string;
  sessions: number;
  expiresAt: string | null;
  buyerName: string;
  buyerEmail: string;
  /** The language of the e-mail: the purchase page's, else the business's (design.md §30). */
  locale: string | null;
};

/**
 * The buyer's e-mail with the package's code (design.md §32), gated like the write that issued it;
 * none without an address (a counter sale without one). `paid` names the online payment (a receipt).
 */
export function packageMail(
  db: Db,
  config: Pick<Config, "PUBLIC_BASE_URL">,
  pack: PackageForMail,
  code: string,
  paid: { amount: number; currency: string } | null,
  now: Date,
  gate?: SQL,
): Part | null {
  if (!pack.buyerEmail) return null;
  const locale = localeOr(pack.locale);
  const mail = packageCodeEmail({
    businessName: pack.businessName,
    buyerName: pack.buyerName,
    packageName: pack.packageName,
    sessions: pack.sessions,
    paid,
    code,
    expiresOn: pack.expiresAt ? dayInWords(locale, pack.expiresAt) : null,
    bookUrl: platformLink(config, "/book", { slug: pack.slug, lang: locale }),
    locale,
  });
  return emailInsert(db, { ...mail, tenantId: pack.tenantId, to: pack.buyerEmail }, now, gate);
}

type SoldPackage = PackageForMail & { id: string; status: string; price: number; currency: string };

/**
 * The issue of a package bought online, for the batch that applies its `payment_intent.succeeded`
 * (payments/confirm.ts), like a gift card's (./gift-card-issue.ts): gated on the event being
 * applied by that batch, the package becomes active with all its sessions as credits and its code's
 * HMAC, and the buyer's e-mail with the code is written only if this statement issued it. Null
 * when the payment sold no package still pending (a redelivery after the issue).
 */
export async function packageSaleIssue(
  ctx: { db: Db; config: Config; now: Date },
  paymentId: string,
  applied: SQL,
): Promise<Fragment | null> {
  const { db, config, now } = ctx;
  const [sold] = await db.all<SoldPackage>(sql`
    SELECT c.id, c.tenant_id AS tenantId, t.slug, t.business_name AS businessName, p.name AS packageName, c.sessions, c.price, c.currency,
           c.expires_at AS expiresAt, c.buyer_name AS buyerName, c.buyer_email AS buyerEmail, c.status,
           COALESCE(c.locale, t.locale) AS locale
    FROM package_credits c JOIN tenants t ON t.id = c.tenant_id JOIN packages p ON p.id = c.package_id
    WHERE c.payment_id = ${paymentId} LIMIT 1`);
  if (sold?.status !== "pending") return null;
  const issued = await newCode(config, "PK");
  const t = now.toISOString();
  const update =
    db.run(sql`UPDATE package_credits SET status = 'active', credits = sessions, code_hash = ${issued.hash}, last4 = ${issued.last4},
      issued_at = ${t}, updated_at = ${t}
    WHERE id = ${sold.id} AND status = 'pending' AND ${applied}`);
  const mine = sql`EXISTS (SELECT 1 FROM package_credits WHERE id = ${sold.id} AND code_hash = ${issued.hash})`;
  const mail = packageMail(
    db,
    config,
    sold,
    issued.code,
    { amount: sold.price, currency: sold.currency },
    now,
    sql`${applied} AND ${mine}`,
  );
  return group(mail ? [update, mail] : [update]);
}
