import type { Config } from "../../config";
import { PROVIDER_TIMEOUT_MS } from "./retry-policy";
import { logger } from "../../lib/log";

/** One e-mail as the provider receives it. `idempotencyKey` is the outbox id. */
export type OutgoingEmail = {
  idempotencyKey: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Resend's shape: `{ filename, content }` with base64 content; left out of the call when empty. */
  attachments?: { filename: string; content: string }[] | null;
  /** design.md §30: the e-mail's language, sent as its `Content-Language` header (absent = English). */
  language?: string;
};

/**
 * What a send attempt came to. `permanent` failures are the message's own fault (the provider
 * refused this e-mail) and are never retried; everything else may succeed later.
 */
export type SendResult = { ok: true; providerMessageId: string | null } | { ok: false; permanent: boolean; error: string };

export interface EmailProvider {
  readonly name: string;
  send(email: OutgoingEmail): Promise<SendResult>;
}

/**
 * Statuses that say "try again later" although they are 4xx:
 * 408/425/429 are the provider being busy; 401/403 mean our key or sender domain is wrong, which
 * an operator fixes in config (failing every queued e-mail at once for it would lose them);
 * 409 with our per-row Idempotency-Key can only be the same e-mail still in flight elsewhere.
 * Any other 4xx (400/422: bad address, invalid payload) is this e-mail's own fault: permanent.
 */
const RETRYABLE_4XX = new Set([401, 403, 408, 409, 425, 429]);

export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && !RETRYABLE_4XX.has(status);
}

/** Short, single-line, bounded: it goes into `last_error` and logs. */
function describe(status: number, body: string): string {
  const snippet = body.replace(/\s+/g, " ").trim().slice(0, 300);
  return `HTTP ${status}${snippet ? `: ${snippet}` : ""}`;
}

/**
 * A Resend-compatible HTTP JSON API: POST the endpoint URL with a bearer key and an
 * Idempotency-Key, so a retried or re-claimed row is not sent twice by the provider either.
 */
export function httpEmailProvider(opts: { url: string; apiKey?: string; from: string; timeoutMs?: number }): EmailProvider {
  const timeoutMs = opts.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  return {
    name: "http",
    async send(email) {
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        "Idempotency-Key": email.idempotencyKey,
      };
      if (opts.apiKey) headers.Authorization = `Bearer ${opts.apiKey}`;
      let res: Response;
      let body: string;
      try {
        res = await fetch(opts.url, {
          method: "POST",
          headers,
          body: JSON.stringify({
            from: opts.from,
            to: [email.to],
            subject: email.subject,
            text: email.text,
            html: email.html,
            ...(email.attachments?.length ? { attachments: email.attachments } : {}),
            // Resend's shape for extra headers: mail clients and screen readers read the language here.
            headers: { "Content-Language": email.language ?? "en" },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await res.text();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
        return {
          ok: false,
          permanent: false,
          error: timedOut ? `timeout after ${timeoutMs} ms` : `network error: ${String(err)}`.slice(0, 300),
        };
      }
      if (res.ok) {
        let id: unknown;
        try {
          id = (JSON.parse(body) as { id?: unknown })?.id;
        } catch {
          id = undefined; // accepted is accepted; a body we cannot read does not make it unsent
        }
        return { ok: true, providerMessageId: typeof id === "string" && id ? id : null };
      }
      return { ok: false, permanent: isPermanentStatus(res.status), error: describe(res.status, body) };
    },
  };
}

/**
 * Local mode (no EMAIL_PROVIDER_URL): the e-mail counts as sent and one line is logged, so
 * `npm start` shows what would go out without an account. Never the body: a password-reset
 * e-mail holds a secret link.
 */
export function logEmailProvider(log: (line: string) => void = (line) => logger.info(line)): EmailProvider {
  return {
    name: "log",
    async send(email) {
      log(`[email:log] ${email.kind} to=${email.to} subject=${JSON.stringify(email.subject)} id=${email.idempotencyKey}`);
      return { ok: true, providerMessageId: `log:${email.idempotencyKey}` };
    },
  };
}

export function emailProviderFromConfig(config: Pick<Config, "EMAIL_PROVIDER_URL" | "EMAIL_API_KEY" | "EMAIL_FROM">): EmailProvider {
  if (!config.EMAIL_PROVIDER_URL) return logEmailProvider();
  return httpEmailProvider({ url: config.EMAIL_PROVIDER_URL, apiKey: config.EMAIL_API_KEY, from: config.EMAIL_FROM });
}
