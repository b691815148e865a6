import { eq } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import { runPart } from "../../../src/services/batch";
import { emailInsert } from "../../../src/services/outbox";
import { outboxRow as storedOutboxRow } from "../../helpers/outbox";
import { testDb } from "../../helpers/db";
import { type CapturedRequest, captured, script, type Scripted } from "../../helpers/worker-entry";
import { createTenant, uniq } from "../../helpers/factories";

// Outbox rows and the e-mail provider (the capture server) as each e-mail test sees them; each
// test keys on its own recipient.

export { deliverBatch, eventually, runCron, workerEnv } from "../../helpers/worker-entry";

/** An outbox row written as a service would (emailInsert), for a fresh tenant and a unique recipient. */
export async function writeOutboxEmail(opts: { now?: Date; subject?: string; sensitive?: boolean } = {}) {
  const tenant = await createTenant();
  const to = `rcpt-${uniq()}${uniq()}@example.test`;
  const subject = opts.subject ?? `Hello ${to}`;
  const email = emailInsert(
    testDb(),
    {
      kind: "test.email",
      subject,
      text: `Text for ${to}`,
      html: `<p>Html for ${to}</p>`,
      sensitive: opts.sensitive,
      tenantId: tenant.id,
      to,
    },
    opts.now ?? new Date(),
  );
  await runPart(testDb(), email);
  return { id: email.id, to, subject, tenantId: tenant.id };
}

export async function outboxRow(id: string) {
  return storedOutboxRow(testDb(), id);
}

/** The backoff of a pending row runs out (stands in for waiting 30 s .. 30 min). */
export async function letBackoffElapse(id: string) {
  const past = new Date(Date.now() - 1000).toISOString();
  await testDb().update(schema.emailOutbox).set({ nextAttemptAt: past }).where(eq(schema.emailOutbox.id, id));
}

export function emailMessage(outboxId: string, attempts = 1, id = crypto.randomUUID()) {
  return { id, timestamp: new Date(), attempts, body: { kind: "email" as const, outboxId } };
}

export async function providerRequests(to: string): Promise<CapturedRequest[]> {
  return captured({ pathPrefix: "/email", bodyContains: to });
}

/** The provider answers the next e-mails to `to` with these responses, then with 200 again. */
export async function scriptProvider(to: string, responses: Scripted[]) {
  await script({ pathPrefix: "/email", bodyContains: to }, responses);
}
