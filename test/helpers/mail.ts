import { and, eq } from "drizzle-orm";
import { schema } from "../../src/db/client";
import { testDb } from "./db";
import { captured } from "./worker-entry";

export type OutboxMail = typeof schema.emailOutbox.$inferSelect;

/** The outbox e-mails to `to` (of `kind` when given), oldest first. */
export async function outboxMails(to: string, kind?: string): Promise<OutboxMail[]> {
  return testDb()
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.toEmail, to), kind ? eq(schema.emailOutbox.kind, kind) : undefined))
    .orderBy(schema.emailOutbox.createdAt);
}

/**
 * An e-mail's text and html as the recipient gets them: from the outbox while it is unsent, else
 * from the provider (the capture server). A sent e-mail that carries a secret (reset, invite) keeps
 * no body in the outbox (design.md §18), and the queue may send it at any moment; the provider is
 * called before the row is marked sent, so a blank body means the provider already has it.
 */
export async function asSent(mail: OutboxMail): Promise<{ text: string; html: string }> {
  if (mail.textBody) return { text: mail.textBody, html: mail.htmlBody };
  const sent = (await captured({ pathPrefix: "/email", bodyContains: mail.toEmail })).find((r) => r.headers["idempotency-key"] === mail.id);
  if (!sent) throw new Error(`e-mail ${mail.id} has no body in the outbox and never reached the provider`);
  const body = JSON.parse(sent.body) as { text: string; html: string };
  return { text: body.text, html: body.html };
}
