/**
 * After `wrangler deploy`: the deployed host answers like a healthy service (design.md §23, §24):
 * `GET /healthz` is 200 `{ status: "ok" }`, and the operator health (`GET /api/admin/system/health`
 * with an operator token signed in from the settings) is 200. A new version can take a few seconds
 * to reach every location, so each check is tried again a few times before it counts as failed.
 */

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export type SmokeOptions = {
  base: string;
  operator: { email: string; password: string };
  /** Cloudflare Access service token, when Access protects /api/admin. */
  access?: { id: string; secret: string };
  fetch: Fetch;
  sleep: (ms: number) => Promise<void>;
  tries?: number;
  waitMs?: number;
};

export type SmokeResult = { ok: boolean; lines: string[] };

/** An answer that trying again cannot change (wrong operator password: more tries would lock the account). */
class Final extends Error {}

async function attempt(o: SmokeOptions, check: () => Promise<string | null>): Promise<string | null> {
  let problem: string | null = null;
  for (let i = 0; i < (o.tries ?? 12); i++) {
    if (i > 0) await o.sleep(o.waitMs ?? 10_000);
    try {
      problem = await check();
    } catch (err) {
      if (err instanceof Final) return err.message;
      problem = `not reached (${String(err).slice(0, 120)})`;
    }
    if (problem === null) return null;
  }
  return problem;
}

export async function smokeCheck(o: SmokeOptions): Promise<SmokeResult> {
  const lines: string[] = [];
  const healthz = await attempt(o, async () => {
    const res = await o.fetch(`${o.base}/healthz`);
    const body = (await res.json().catch(() => null)) as { status?: unknown } | null;
    return res.status === 200 && body?.status === "ok" ? null : `HTTP ${res.status} ${JSON.stringify(body)}`;
  });
  lines.push(healthz ? `GET /healthz failed: ${healthz}` : "GET /healthz: 200 ok");

  const adminHeaders: Record<string, string> = { "Content-Type": "application/json" };
  if (o.access) Object.assign(adminHeaders, { "CF-Access-Client-Id": o.access.id, "CF-Access-Client-Secret": o.access.secret });
  let status = "";
  const health = await attempt(o, async () => {
    const login = await o.fetch(`${o.base}/api/admin/login`, {
      method: "POST",
      headers: adminHeaders,
      body: JSON.stringify({ email: o.operator.email, password: o.operator.password }),
    });
    const token = ((await login.json().catch(() => null)) as { data?: { token?: unknown } } | null)?.data?.token;
    if (login.status === 401) throw new Final("the operator sign-in was refused (401): check ADMIN_EMAIL and ADMIN_PASSWORD");
    if (login.status !== 200 || typeof token !== "string") return `operator sign-in answered HTTP ${login.status}`;
    const res = await o.fetch(`${o.base}/api/admin/system/health`, { headers: { ...adminHeaders, Authorization: `Bearer ${token}` } });
    const body = (await res.json().catch(() => null)) as { data?: { status?: unknown } } | null;
    status = String(body?.data?.status ?? "");
    return res.status === 200 ? null : `HTTP ${res.status} ${JSON.stringify(body)}`;
  });
  lines.push(health ? `GET /api/admin/system/health failed: ${health}` : `GET /api/admin/system/health: 200 ${status}`);
  return { ok: !healthz && !health, lines };
}
