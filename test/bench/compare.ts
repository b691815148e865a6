import type autocannon from "autocannon";

/** What test/bench/run.ts runs: a named path, against this build or the baseline Worker. */
export type ComparedPhase = { name: string; path: () => string; baseline?: boolean };
export type Comparison = {
  endpoint: string;
  concurrency: number;
  rps: number;
  baselineRps: number;
  p99: number;
  baselineP99: number;
  ratio: number;
  /** Workerd CPU ms per request (median of rounds): steadier than throughput on a shared machine. */
  cpuMsPerReq: number | null;
  baselineCpuMsPerReq: number | null;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * These phases, this build against the baseline Worker (--baseline) in the same run: `rounds`
 * short points each, alternating which goes first so both meet the same machine; the ratio is the
 * median of the per-round ratios (a shared machine makes single points noisy).
 */
export async function compareWithBaseline(
  ref: string,
  run: (phase: ComparedPhase, connections: number, seconds: number) => Promise<autocannon.Result>,
  phases: ComparedPhase[],
  o: { concurrencies: number[]; rounds: number; seconds: number; cpuSeconds: () => number | null },
): Promise<Comparison[]> {
  const out: Comparison[] = [];
  for (const { name, path } of phases) {
    for (const connections of o.concurrencies) {
      const ours: autocannon.Result[] = [];
      const theirs: autocannon.Result[] = [];
      const cpuOurs: number[] = [];
      const cpuTheirs: number[] = [];
      for (let round = 0; round < o.rounds; round++) {
        const pair: ComparedPhase[] = [
          { name, path },
          { name, path, baseline: true },
        ];
        if (round % 2) pair.reverse();
        for (const phase of pair) {
          await run(phase, connections, 1); // warm-up
          const cpu0 = o.cpuSeconds();
          const r = await run(phase, connections, o.seconds);
          const cpu1 = o.cpuSeconds();
          (phase.baseline ? theirs : ours).push(r);
          const done = r["2xx"] + r.non2xx;
          if (cpu0 !== null && cpu1 !== null && done) (phase.baseline ? cpuTheirs : cpuOurs).push(((cpu1 - cpu0) * 1000) / done);
        }
      }
      out.push({
        endpoint: name,
        concurrency: connections,
        rps: Math.round(median(ours.map((r) => r.requests.average))),
        baselineRps: Math.round(median(theirs.map((r) => r.requests.average))),
        p99: median(ours.map((r) => r.latency.p99)),
        baselineP99: median(theirs.map((r) => r.latency.p99)),
        ratio: Number(median(ours.map((r, i) => r.requests.average / (theirs[i].requests.average || 1))).toFixed(2)),
        cpuMsPerReq: cpuOurs.length ? Number(median(cpuOurs).toFixed(3)) : null,
        baselineCpuMsPerReq: cpuTheirs.length ? Number(median(cpuTheirs).toFixed(3)) : null,
      });
    }
  }
  console.log(`this build vs ${ref} (medians of ${o.rounds} alternating rounds):`);
  console.table(out);
  return out;
}
