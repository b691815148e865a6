import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { plainText } from "../domain/plain-text";
import { newId } from "../lib/ids";
import { type Fragment, single, wrote } from "./batch";
import { type DeferredEmail, isDeferred } from "./email/stored";
import type { RenderedEmail } from "./email/templates";
import { emailPointer } from "./outbox/pointer";

/**
 * The transactional outbox, as the services that cause side effects write to it. Whoever causes
 * an e-mail adds `emailInsert(...)` to the SAME batch as the change that causes it (src/services/
 * batch.ts); after commit the batch enqueues the row if it was written. If the enqueue is lost,
 * the cron finds the pending row and sends it anyway. Webhook deliveries:
 * src/services/webhooks/events.ts; every other kind: `jobInsert` (src/services/outbox/jobs.ts).
 * The engine that performs them all lives in src/services/outbox/.
 *
 * `onlyIf` is an SQL condition evaluated inside the batch (e.g. "the booking row now exists"), so
 * an e-mail is written only when the conditional change it belongs to actually happened.
 *
 * An e-mail is either finished (`RenderedEmail`: subject, bodies, attachments) or deferred
 * (`DeferredEmail`: its template and facts, rendered by the e-mail kind when it is sent;
 * src/services/email/stored.ts). The booking e-mails are deferred: rendering them cost the request
 * more than anything else it did (issue #42).
 *
 * Every subject leaves here without control characters (design.md §31: names typed by anyone end
 * up in subjects); a deferred e-mail's subject is cleaned the same way when it is rendered
 * (src/services/email/delivery.ts).
 */
export type OutboxEmail = (RenderedEmail | DeferredEmail) & { tenantId: string | null };

/** The columns an e-mail fills besides its recipient and lifecycle, in `COLUMNS` order. */
function contentOf(email: RenderedEmail | DeferredEmail) {
  if (isDeferred(email)) {
    return {
      kind: email.kind,
      subject: "",
      text: "",
      html: "",
      sensitive: email.sensitive ? 1 : 0,
      attachments: null,
      facts: JSON.stringify(email.stored),
      // Rendered at send time in the language its facts name.
      language: null,
    };
  }
  const attachments = email.attachments?.length ? JSON.stringify(email.attachments) : null;
  return {
    kind: email.kind,
    subject: email.subject,
    text: email.text,
    html: email.html,
    sensitive: email.sensitive ? 1 : 0,
    attachments,
    facts: null,
    language: email.language ?? null,
  };
}

/** The facts column's value: as written, or with the `locale` the insert reads (`localeFrom`) when it finds one. */
function factsValue(email: RenderedEmail | DeferredEmail, facts: string | null): SQL {
  if (!isDeferred(email) || !email.localeFrom) return sql`${facts}`;
  return sql`json_set(${facts}, '$.facts.locale', COALESCE(${email.localeFrom}, json_extract(${facts}, '$.facts.locale')))`;
}

const COLUMNS = sql.raw(
  "id, tenant_id, kind, to_email, subject, text_body, html_body, sensitive, attachments, facts, language, status, attempts, next_attempt_at, created_at, updated_at",
);

export function emailInsert(
  db: Db,
  email: OutboxEmail & { to: string | SQL /** Sent then, not now (a gift card's delivery date); the cron sends it. */; sendAt?: Date },
  now: Date,
  onlyIf?: SQL,
  cap?: RecipientCap,
): Fragment<boolean> & { id: string } {
  const id = newId("eml");
  const t = now.toISOString();
  const later = email.sendAt !== undefined && email.sendAt.getTime() > now.getTime();
  const due = later ? (email.sendAt as Date).toISOString() : t;
  const c = contentOf(email);
  const facts = factsValue(email, c.facts);
  // `to` may be an SQL expression (an address read inside the batch): no address, no row.
  const literal = typeof email.to === "string";
  const to = literal ? sql`${email.to}` : email.to;
  const hasAddress = literal ? sql`1` : sql`r.to_email IS NOT NULL AND r.to_email <> ''`;
  // How many e-mails of this kind the recipient was given in the cap's window (0 without a cap).
  const given = cap
    ? sql`(SELECT count(*) FROM email_outbox o WHERE o.to_email = r.to_email AND o.kind = ${email.kind}
        AND o.created_at > ${new Date(now.getTime() - cap.windowMs).toISOString()} AND o.status <> 'suppressed')`
    : sql`0`;
  const over = sql`q.given >= ${cap?.limit ?? 1}`;
  const insert = db.run(sql`
    INSERT INTO email_outbox (${COLUMNS}, last_error)
    SELECT ${id}, ${email.tenantId}, ${c.kind}, q.to_email, ${plainText(c.subject)}, ${c.text}, ${c.html}, ${c.sensitive}, ${c.attachments}, ${facts}, ${c.language},
           CASE WHEN ${cap ? over : sql`0`} THEN 'suppressed' ELSE 'pending' END, 0, ${due}, ${t}, ${t},
           CASE WHEN ${cap ? over : sql`0`} THEN ${cap?.reason ?? null} END
    FROM (SELECT r.to_email, ${given} AS given FROM (SELECT ${to} AS to_email) r WHERE ${hasAddress}) q
    WHERE ${onlyIf ?? sql`1`}`);
  // Value: whether the row was written (no address, or the gate was false: nothing to send). A
  // suppressed row is enqueued like any other; no sender claims it.
  // One scheduled ahead waits for the cron, as a job scheduled ahead does.
  return { id, ...single(insert, (result) => ({ value: wrote(result), pointers: wrote(result) && !later ? [emailPointer(id)] : [] })) };
}

/**
 * Several e-mails of one change, each to one or more addresses (a literal, or an address read inside
 * the batch), in ONE statement (every statement of a batch costs the request its encoding, its run
 * and its decoding): a booking's confirmation to the customer and its notice to the business, the
 * staff member and the previous staff member. One row per e-mail and distinct non-empty address (a
 * notice goes once to an owner who is also the staff member booked); none for a missing address.
 * A mail with a `cap` (design.md §31) is written `suppressed` past it, counted per recipient over
 * the rows written before this statement, as `emailInsert` does. Value: the ids written, each
 * enqueued after commit.
 */
export function emailInsertAll(db: Db, mails: MailToMany[], now: Date, onlyIf?: SQL): Fragment<string[]> {
  const t = now.toISOString();
  // Only a statement with a capped mail carries the cap's columns and count (moves and cancels do not).
  const capped = mails.some((m) => m.cap);
  const content = sql.join(
    mails.map(({ email, memberLocale, cap }, k) => {
      const c = contentOf(email);
      const byMember = memberLocale && c.facts !== null ? 1 : 0;
      const since = cap ? new Date(now.getTime() - cap.windowMs).toISOString() : null;
      const limits = capped ? sql`, ${cap?.limit ?? null}, ${since}, ${cap?.reason ?? null}` : sql``;
      return sql`(${k}, ${email.tenantId}, ${c.kind}, ${plainText(c.subject)}, ${c.text}, ${c.html}, ${c.sensitive}, ${c.attachments}, ${factsValue(email, c.facts)}, ${c.language}, ${byMember}${limits})`;
    }),
    sql`, `,
  );
  const capColumns = capped ? sql`, cap_limit, cap_since, cap_reason` : sql``;
  // Evaluated for the status and the reason; only a capped mail counts (one indexed count).
  const over = sql`m.cap_limit IS NOT NULL AND (SELECT count(*) FROM email_outbox o WHERE o.to_email = r.to_email AND o.kind = m.kind
      AND o.created_at > m.cap_since AND o.status <> 'suppressed') >= m.cap_limit`;
  const recipients = sql.join(
    mails.flatMap(({ to }, k) => to.map((address, i) => sql`SELECT ${k} AS k, ${i} AS n, ${address} AS to_email`)),
    sql` UNION ALL `,
  );
  const insert = db.all<{ id: string }>(sql`
    WITH mail(k, tenant_id, kind, subject, text_body, html_body, sensitive, attachments, facts, language, by_member${capColumns})
           AS (VALUES ${content}),
         rcpt AS (${recipients})
    INSERT INTO email_outbox (${COLUMNS}, last_error)
    SELECT 'eml_' || lower(hex(randomblob(10))), m.tenant_id, m.kind, r.to_email, m.subject, m.text_body, m.html_body, m.sensitive,
           m.attachments, CASE WHEN m.by_member = 1 THEN COALESCE(${memberFacts}, m.facts) ELSE m.facts END,
           m.language, ${capped ? sql`CASE WHEN ${over} THEN 'suppressed' ELSE 'pending' END` : sql`'pending'`}, 0, ${t}, ${t}, ${t},
           ${capped ? sql`CASE WHEN ${over} THEN m.cap_reason END` : sql`NULL`}
    FROM (SELECT k, to_email, MIN(n) AS n FROM rcpt WHERE to_email IS NOT NULL AND to_email <> '' GROUP BY k, to_email) r
    JOIN mail m ON m.k = r.k
    WHERE ${onlyIf ?? sql`1`}
    ORDER BY r.k, r.n
    RETURNING id`);
  return single(insert, (rows) => ({ value: rows.map((r) => r.id), pointers: rows.map((r) => emailPointer(r.id)) }));
}

/**
 * One e-mail to several addresses. `memberLocale` (design.md §30, notices to the business and staff):
 * a recipient who is an active member of the business with a language of their own gets the stored
 * facts with that `locale`; anyone else gets the facts as written (the business's locale). `cap`:
 * a per-recipient cap (a booking confirmation's).
 */
export type MailToMany = { email: OutboxEmail; to: (string | SQL)[]; memberLocale?: boolean; cap?: RecipientCap };

/** The row's facts with the recipient member's own locale; null when the recipient has none. */
const memberFacts = sql`(SELECT json_set(m.facts, '$.facts.locale', tm.locale) FROM tenant_members tm
    JOIN users u ON u.id = tm.user_id
    WHERE tm.tenant_id = m.tenant_id AND tm.is_active = 1 AND tm.locale IS NOT NULL AND lower(u.email) = r.to_email
    LIMIT 1)`;

/**
 * A per-recipient cap across the platform (design.md §31): past `limit` e-mails of the same kind to
 * one address in `windowMs`, the row is still written (the business sees what was not sent) but as
 * `suppressed`, which no sender ever claims; `reason` is its last_error.
 */
export type RecipientCap = { limit: number; windowMs: number; reason: string };

export { emailPointer, enqueue, type JobPointer, webhookPointer } from "./outbox/pointer";
export { jobCancel, jobInsert, type JobHandler } from "./outbox/jobs";
