// Process-level helpers of `npm run bench` (test/bench/run.ts).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** The Worker of another commit, built from `git archive` in a scratch directory (this checkout's node_modules). */
export function buildBaseline(dir: string, ref: string): string {
  const src = join(dir, "baseline-src");
  mkdirSync(src, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(src)}`], { stdio: "inherit" });
  symlinkSync(join(process.cwd(), "node_modules"), join(src, "node_modules"));
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", join(dir, "baseline-dist")], { cwd: src, stdio: "ignore" });
  return join(dir, "baseline-dist");
}

/**
 * CPU seconds (user + system, from /proc) of the processes named `comm` that this benchmark
 * started: only descendants of this process count, other agents' processes on the machine do not.
 */
export function childCpuSeconds(comm: string): number | null {
  try {
    const out = execFileSync("ps", ["-e", "-o", "pid=,ppid=,comm="], { encoding: "utf8" });
    const rows = out
      .trim()
      .split("\n")
      .map((l) => l.trim().split(/\s+/));
    const parent = new Map(rows.map(([pid, ppid]) => [pid, ppid]));
    const ours = (pid: string) => {
      for (let p: string | undefined = pid, i = 0; p && p !== "0" && i < 64; p = parent.get(p), i++)
        if (p === String(process.pid)) return true;
      return false;
    };
    let ticks = 0;
    for (const pid of rows.filter(([pid, , comm_]) => comm_ === comm && ours(pid)).map(([pid]) => pid)) {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of the workerd processes this benchmark started (Miniflare's runtime). */
export const workerdCpuSeconds = () => childCpuSeconds("workerd");
