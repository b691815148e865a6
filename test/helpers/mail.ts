import { loadConfig } from "../../src/config";
import { outboxEmailContent } from "../../src/services/email/delivery";
import { mailSettings } from "../../src/services/notifications/booking-mail";
import { storedMailRenderer } from "../../src/services/notifications/stored-mail";
import { testDb } from "./db";
import { type OutboxRow, outboxRows } from "./outbox";
import { captured, workerEnv } from "./worker-entry";

export type OutboxMail = OutboxRow;

/**
 * An outbox row as the recipient will get it: a row stored as facts (issue #42: booking e-mails are
 * rendered when sent) gets its subject, bodies and attachments from the renderer the e-mail kind
 * sends with; a finished row is returned as it is. `raw` keeps the stored shape.
 */
export function asRendered(row: OutboxMail): OutboxMail & { raw: OutboxMail } {
  if (row.facts === null) return { ...row, raw: row };
  // Rendered exactly as the e-mail job renders it before handing it to the provider.
  const email = outboxEmailContent(row, storedMailRenderer(mailSettings(loadConfig(workerEnv))));
  if (email instanceof Error) throw email;
  return {
    ...row,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    attachments: email.attachments ?? null,
    raw: row,
  };
}

/** The outbox e-mails to `to` (of `kind` when given), oldest first, as the recipient gets them (asRendered). */
export async function outboxMails(to: string, kind?: string) {
  return (await outboxRows(testDb(), to, kind)).map(asRendered);
}

/**
 * An e-mail's text and html as the recipient gets them: from the outbox while it is unsent, else
 * from the provider (the capture server). A sent e-mail that carries a secret (reset, invite) keeps
 * no body in the outbox (design.md §18), and the queue may send it at any moment; the provider is
 * called before the row is marked sent, so a blank body means the provider already has it.
 */
export async function asSent(mail: OutboxMail): Promise<{ text: string; html: string }> {
  if (mail.facts !== null) return ((m) => ({ text: m.textBody, html: m.htmlBody }))(asRendered(mail));
  if (mail.textBody) return { text: mail.textBody, html: mail.htmlBody };
  const sent = (await captured({ pathPrefix: "/email", bodyContains: mail.toEmail })).find((r) => r.headers["idempotency-key"] === mail.id);
  if (!sent) throw new Error(`e-mail ${mail.id} has no body in the outbox and never reached the provider`);
  const body = JSON.parse(sent.body) as { text: string; html: string };
  return { text: body.text, html: body.html };
}
