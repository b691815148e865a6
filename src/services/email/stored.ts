import type { SQL } from "drizzle-orm";
import type { RenderedEmail } from "./templates";

/**
 * An e-mail stored as its template and facts, rendered when it is sent (issue #42). The request
 * that causes it writes a small JSON document instead of finished HTML, text and `.ics`: the
 * rendering (about 0.8 ms of Worker CPU per booking change, docs/benchmarks.md) runs in the queue
 * consumer, which has the time, not on the request the customer waits for. The stored facts are
 * also what a later release renders in the booking's language, and what erasure purges
 * (design.md §25, §30), so they are kept minimal and typed per template.
 *
 * `email_outbox.facts` holds `{ v, template, facts }`:
 * - `v`: the version of the facts' shape. A release that changes a template's facts adds a version
 *   and keeps rendering the older ones: rows written by the previous release may still be pending
 *   while a new one is deployed.
 * - `template`: the template's name, the e-mail's kind (`booking.confirmed`, `notice.booking_created`, ...).
 * - `facts`: what that template needs and nothing more.
 * A row without facts carries a finished e-mail (every row written before this column existed, and
 * the templates still rendered when written): it is sent as it is.
 */

/** The version this release writes. */
export const STORED_EMAIL_VERSION = 1;

export type StoredEmail<F = unknown> = { v: number; template: string; facts: F };

/** An e-mail to render at send time, as `emailInsert` takes it (beside a finished `RenderedEmail`). */
export type DeferredEmail = {
  kind: string;
  stored: StoredEmail;
  /** The rendered body holds a secret: the stored facts are dropped once the row is sent or failed. */
  sensitive?: boolean;
  /**
   * design.md §30: the facts' `locale` read inside the insert (a recipient's own language, which the
   * request does not know); NULL keeps the `locale` the facts were written with.
   */
  localeFrom?: SQL;
};

/** Turns a row's stored facts into the e-mail to send; throws `StoredEmailError` when it cannot. */
export type StoredRenderer = (stored: StoredEmail) => RenderedEmail;

/** Facts this release cannot render (an unknown template or version, a malformed document). */
export class StoredEmailError extends Error {
  override name = "StoredEmailError";
}

/** `v`: a template whose facts gained a version writes it (its renderer keeps reading the older ones). */
export function deferredEmail<F>(template: string, facts: F, opts: { sensitive?: boolean; v?: number } = {}): DeferredEmail {
  return { kind: template, stored: { v: opts.v ?? STORED_EMAIL_VERSION, template, facts }, sensitive: opts.sensitive };
}

export const isDeferred = (email: RenderedEmail | DeferredEmail): email is DeferredEmail => "stored" in email;

/** The `facts` column's text back as a stored e-mail; its facts are checked by the template's renderer. */
export function parseStored(text: string): StoredEmail {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoredEmailError("stored e-mail facts are not JSON");
  }
  const v = value as Partial<StoredEmail> | null;
  if (!v || typeof v !== "object" || typeof v.v !== "number" || typeof v.template !== "string" || typeof v.facts !== "object" || !v.facts) {
    throw new StoredEmailError("stored e-mail facts lack a version, template or facts");
  }
  return { v: v.v, template: v.template, facts: v.facts };
}
