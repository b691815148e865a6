import type autocannon from "autocannon";

/** What test/bench/run.ts runs: a named phase (stack.ts), against this build or the baseline Worker. */
export type ComparedPhase = { name: string; baseline?: boolean };
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
  /** Answers other than 2xx over all rounds (a write that failed measures something else). */
  non2xx: number;
  baselineNon2xx: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * These phases, this build against the baseline Worker (--baseline) in the same run: `rounds`
 * short points each, alternating which goes first so both meet the same machine; the ratio is the
 * median of the per-round ratios (a shared machine makes single points noisy).
 */
export async function compareWithBaseline<P extends ComparedPhase>(
  ref: string,
  run: (phase: P, connections: number, seconds: number) => Promise<autocannon.Result>,
  phases: P[],
  o: { concurrencies: number[]; rounds: number; seconds: number; cpuSeconds: () => number | null },
): Promise<Comparison[]> {
  const out: Comparison[] = [];
  for (const phase of phases) {
    const { name } = phase;
    for (const connections of o.concurrencies) {
      const ours: autocannon.Result[] = [];
      const theirs: autocannon.Result[] = [];
      const cpuOurs: number[] = [];
      const cpuTheirs: number[] = [];
      for (let round = 0; round < o.rounds; round++) {
        const pair: P[] = [
          { ...phase, baseline: false },
          { ...phase, baseline: true },
        ];
        if (round % 2) pair.reverse();
        for (const side of pair) {
          await run(side, connections, 1); // warm-up
          const cpu0 = o.cpuSeconds();
          const r = await run(side, connections, o.seconds);
          const cpu1 = o.cpuSeconds();
          (side.baseline ? theirs : ours).push(r);
          const done = r["2xx"] + r.non2xx;
          if (cpu0 !== null && cpu1 !== null && done) (side.baseline ? cpuTheirs : cpuOurs).push(((cpu1 - cpu0) * 1000) / done);
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
        non2xx: ours.reduce((n, r) => n + r.non2xx, 0),
        baselineNon2xx: theirs.reduce((n, r) => n + r.non2xx, 0),
      });
    }
  }
  console.log(`this build vs ${ref} (medians of ${o.rounds} alternating rounds):`);
  console.table(out);
  return out;
}
