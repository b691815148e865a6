/**
 * The Cloudflare account side of a deploy that wrangler does not do by itself: the queues (the
 * consumer's dead-letter queue is never created by `wrangler deploy`), and which version is live
 * before the deploy (the rollback target). The KV namespace has no id in wrangler.toml: wrangler
 * creates it on the first deploy and finds it by its binding afterwards.
 */

export const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export type QueueOutcome = { queue: string; created: boolean };

/** Creates each queue the account does not have yet. Throws with Cloudflare's words when it refuses. */
export async function ensureQueues(
  fetchFn: Fetch,
  account: { id: string; token: string },
  queues: string[],
  apiBase = CLOUDFLARE_API,
): Promise<QueueOutcome[]> {
  const headers = { Authorization: `Bearer ${account.token}`, "Content-Type": "application/json" };
  const base = `${apiBase}/accounts/${encodeURIComponent(account.id)}/queues`;
  const outcomes: QueueOutcome[] = [];
  for (const queue of queues) {
    const listed = await fetchFn(`${base}?name=${encodeURIComponent(queue)}`, { headers });
    const body = (await listed.json().catch(() => null)) as { result?: { queue_name?: string }[]; errors?: { message?: string }[] } | null;
    if (!listed.ok) throw new Error(`listing queues failed (HTTP ${listed.status}): ${said(body)}`);
    if (body?.result?.some((q) => q.queue_name === queue)) {
      outcomes.push({ queue, created: false });
      continue;
    }
    const made = await fetchFn(base, { method: "POST", headers, body: JSON.stringify({ queue_name: queue }) });
    if (!made.ok) throw new Error(`creating queue ${queue} failed (HTTP ${made.status}): ${said(await made.json().catch(() => null))}`);
    outcomes.push({ queue, created: true });
  }
  return outcomes;
}

const said = (body: unknown) =>
  ((body as { errors?: { message?: string }[] } | null)?.errors ?? [])
    .map((e) => e.message)
    .filter(Boolean)
    .join("; ") || "no reason given";

/**
 * The version serving (most of) the traffic, from `wrangler deployments status --json`; null when
 * the Worker has never been deployed or the answer cannot be read.
 */
export function liveVersion(json: string): string | null {
  try {
    const d = JSON.parse(json) as { versions?: { version_id?: unknown; percentage?: unknown }[] };
    const best = [...(d.versions ?? [])].sort((a, b) => Number(b.percentage ?? 0) - Number(a.percentage ?? 0))[0];
    return typeof best?.version_id === "string" ? best.version_id : null;
  } catch {
    return null;
  }
}

/** `Total Upload: 2331.32 KiB / gzip: 449.99 KiB` in wrangler's output -> 449.99 (KiB), or null. */
export function gzipKiB(output: string): number | null {
  const m = /gzip:\s*([\d.]+)\s*KiB/i.exec(output);
  return m ? Number(m[1]) : null;
}
