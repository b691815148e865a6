// Issue #42's parts of `npm run bench` (run.ts): the mixed load of reads and writes on the same
// businesses, the write routes' budget against the reference, and the Worker's startup time.
// See docs/benchmarks.md, "The write path".
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIXED, REFERENCE, type Stack, WRITE_FLOOR, WRITE_FLOOR_QUEUE, WRITE_FLOOR_SIZED, WRITE_ROUTES } from "./stack";

const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Expected answers of the mixed load besides 2xx: a create that lost its slot to a concurrent one. */
const EXPECTED = new Set(["409"]);

export type MixedRound = {
  rps: number;
  p50: number;
  p99: number;
  statusCounts: Record<string, number>;
  /** Answers that are neither 2xx nor an expected 409, plus connection errors and timeouts. */
  unexpected: number;
  issued: { read: number; create: number; cancel: number };
  workerdMsPerReq: number | null;
  load: string;
};

/**
 * The mixed phase at c=16, `rounds` times: requests/s, latency, status codes. A write changes the
 * business's schedule version, so the reads' copies of it are rebuilt as in real use.
 */
export async function mixedLoad(stack: Stack, rounds: number, seconds: number): Promise<MixedRound[]> {
  const out: MixedRound[] = [];
  await stack.run(stack.mixed, 16, 1); // warm-up
  for (let round = 0; round < rounds; round++) {
    const before = { ...stack.mixedCounts };
    const load = loadavg();
    const cpu0 = stack.cpu().workerd;
    const r = await stack.run(stack.mixed, 16, seconds);
    const cpu1 = stack.cpu().workerd;
    const done = r["2xx"] + r.non2xx;
    const statusCounts = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
    const unexpected =
      Object.entries(statusCounts)
        .filter(([code]) => !code.startsWith("2") && !EXPECTED.has(code))
        .reduce((n, [, count]) => n + count, 0) +
      r.errors +
      r.timeouts;
    out.push({
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      statusCounts,
      unexpected,
      issued: {
        read: stack.mixedCounts.read - before.read,
        create: stack.mixedCounts.create - before.create,
        cancel: stack.mixedCounts.cancel - before.cancel,
      },
      workerdMsPerReq: cpu0 !== null && cpu1 !== null && done ? Number((((cpu1 - cpu0) * 1000) / done).toFixed(3)) : null,
      load,
    });
  }
  console.log(`${MIXED}, c=16, ${rounds} rounds of ${seconds} s (statusCounts: answers by HTTP status; unexpected: not 2xx and not 409):`);
  console.table(out.map((r) => ({ ...r, statusCounts: JSON.stringify(r.statusCounts), issued: JSON.stringify(r.issued) })));
  return out;
}

/** What the c=16 rounds measured of one phase (run.ts's Point). */
type RoundPoint = { cpuMsPerReq: number | null; rps: number; load: string };

export type BudgetRow = {
  route: string;
  /** Workerd CPU per request above the reference's, median of the per-round differences (min, max). */
  cpuAboveReferenceMs: number | null;
  cpuAboveReferenceRange: [number, number] | null;
  cpuMsPerReq: number | null;
  referenceCpuMsPerReq: number | null;
  /** libSQL requests per call, measured exactly (run.ts probe). */
  roundTrips: number;
  load: string[];
};

/** Issue #42's budget of a write: workerd CPU per request against the reference, round by round, and its round trips. */
export function writeBudget(repeats: Map<string, RoundPoint[]>, roundTrips: Map<string, number>): BudgetRow[] {
  const ref = repeats.get(REFERENCE) ?? [];
  // The floors first: what two round trips, and the queue hand-off after them, cost on their own.
  const routes = [WRITE_FLOOR, WRITE_FLOOR_QUEUE, WRITE_FLOOR_SIZED, ...Object.values(WRITE_ROUTES)].filter((r) => repeats.has(r));
  const rows = routes.map((route): BudgetRow => {
    const points = repeats.get(route) ?? [];
    const diffs = points
      .map((p, i) => (p.cpuMsPerReq !== null && ref[i]?.cpuMsPerReq != null ? p.cpuMsPerReq - (ref[i].cpuMsPerReq as number) : null))
      .filter((d): d is number => d !== null);
    const cpu = points.map((p) => p.cpuMsPerReq).filter((c): c is number => c !== null);
    const refCpu = ref.map((p) => p.cpuMsPerReq).filter((c): c is number => c !== null);
    const round3 = (x: number) => Number(x.toFixed(3));
    return {
      route,
      cpuAboveReferenceMs: diffs.length ? round3(median(diffs)) : null,
      cpuAboveReferenceRange: diffs.length ? [round3(Math.min(...diffs)), round3(Math.max(...diffs))] : null,
      cpuMsPerReq: cpu.length ? round3(median(cpu)) : null,
      referenceCpuMsPerReq: refCpu.length ? round3(median(refCpu)) : null,
      roundTrips: roundTrips.get(route) ?? 0,
      load: points.map((p) => p.load.split(" ")[0]),
    };
  });
  console.log(
    "write budget (issue #42): workerd CPU per request above the reference's in the same c=16 round (median, min..max), round trips:",
  );
  console.table(
    rows.map((r) => ({
      route: r.route,
      "CPU above ref, ms": r.cpuAboveReferenceMs,
      "min..max": r.cpuAboveReferenceRange?.join(" .. "),
      "CPU ms/req": r.cpuMsPerReq,
      "ref CPU ms/req": r.referenceCpuMsPerReq,
      "libSQL requests": r.roundTrips,
      load: r.load.join(" "),
    })),
  );
  return rows;
}

/**
 * The Worker's startup: `wrangler check startup` builds the Worker and profiles its startup phase
 * (evaluating the bundle's top level) in local workerd; the CPU the isolate was active, from the
 * profile it writes. Cloudflare's limit is on the same phase; its CPU differs from this machine's.
 */
export function startupTime(runs: number): { activeMs: number[]; medianMs: number | null } {
  const activeMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), "booking-startup-"));
    const file = join(dir, "startup.cpuprofile");
    try {
      execFileSync("npx", ["wrangler", "check", "startup", "--outfile", file], { stdio: "ignore" });
      const profile = JSON.parse(readFileSync(file, "utf8")) as {
        nodes: { id: number; callFrame: { functionName: string } }[];
        samples: number[];
        timeDeltas: number[];
      };
      const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
      const us = profile.samples.reduce((sum, id, k) => sum + (idle.has(id) ? 0 : (profile.timeDeltas[k] ?? 0)), 0);
      activeMs.push(Number((us / 1000).toFixed(1)));
    } catch (err) {
      console.warn(`wrangler check startup failed: ${String(err).slice(0, 200)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { activeMs, medianMs: activeMs.length ? median(activeMs) : null };
}
