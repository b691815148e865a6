import type { JobHandler } from "./jobs";

/**
 * A kind for the test pool only (registered when TEST_HOOKS is on): POSTs the job's payload to
 * the URL it names, with the job's idempotency key, like a Stripe call would. It lets the engine's
 * generic parts (the jobs table, pointers, bounds, failed lists) be tested through the real queue
 * consumer and cron without a third kind's business logic. Never registered in production.
 */
export const TEST_HTTP_KIND = "test.http";

export type TestHttpPayload = { url: string; body?: unknown };

/** 4xx means "this request is wrong" except the statuses that say "later". */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

export const testHttpHandler: JobHandler = {
  kind: TEST_HTTP_KIND,
  async perform(job, { idempotencyKey }) {
    const { url, body } = job.payload as TestHttpPayload;
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify({ jobId: job.id, attempt: job.attempts, body: body ?? null }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel().catch(() => {});
    } catch (err) {
      return { ok: false, permanent: false, error: `network error: ${String(err)}`.slice(0, 300) };
    }
    if (res.ok) return { ok: true, result: { status: res.status } };
    const permanent = res.status >= 400 && res.status < 500 && !RETRYABLE_4XX.has(res.status);
    return { ok: false, permanent, error: `HTTP ${res.status}` };
  },
};
