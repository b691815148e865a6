// Process-level helpers of `npm run bench` (test/bench/run.ts, stack.ts, profile.ts).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** The Worker of another commit, built from `git archive` in a scratch directory (this checkout's node_modules). */
export function buildBaseline(dir: string, ref: string, flags: string[] = []): string {
  const src = join(dir, "baseline-src");
  mkdirSync(src, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(src)}`], { stdio: "inherit" });
  symlinkSync(join(process.cwd(), "node_modules"), join(src, "node_modules"));
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", join(dir, "baseline-dist"), ...flags], { cwd: src, stdio: "ignore" });
  return join(dir, "baseline-dist");
}

/** pid -> [ppid, comm] of every process on the machine. */
function processTable(): Map<string, [string, string]> {
  const out = execFileSync("ps", ["-e", "-o", "pid=,ppid=,comm="], { encoding: "utf8" });
  return new Map(
    out
      .trim()
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .map(([pid, ppid, comm]) => [pid, [ppid, comm]]),
  );
}

const descendsFrom = (table: Map<string, [string, string]>, pid: string, root: number) => {
  for (let p: string | undefined = pid, i = 0; p && p !== "0" && i < 64; p = table.get(p)?.[0], i++) if (p === String(root)) return true;
  return false;
};

const ticksOf = (pid: string) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
};

/**
 * CPU seconds (user + system, from /proc) of the processes named `comm` that this benchmark
 * started: only descendants of this process count, other agents' processes on the machine do not.
 */
export function childCpuSeconds(comm: string): number | null {
  try {
    const table = processTable();
    let ticks = 0;
    for (const [pid, [, c]] of table) if (c === comm && descendsFrom(table, pid, process.pid)) ticks += ticksOf(pid);
    return ticks / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of the workerd processes this benchmark started (Miniflare's runtime). */
export const workerdCpuSeconds = () => childCpuSeconds("workerd");

/**
 * The same split by thread: `main` is each process's first thread, the event loop that runs every
 * isolate's JavaScript and the runtime's I/O; `other` is the rest (V8's background garbage
 * collection and optimizing compiler, the runtime's helper threads), which a CPU profile of an
 * isolate does not see.
 */
export function workerdThreadCpuSeconds(): { main: number; other: number } | null {
  try {
    const table = processTable();
    let main = 0;
    let other = 0;
    for (const [pid, [, c]] of table) {
      if (c !== "workerd" || !descendsFrom(table, pid, process.pid)) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const ticks = ticksOf(`${pid}/task/${tid}`);
        if (tid === pid) main += ticks;
        else other += ticks;
      }
    }
    return { main: main / 100, other: other / 100 };
  } catch {
    return null;
  }
}

/** CPU seconds of a process and everything it started (e.g. the Upstash endpoint and its redis-server). */
export function treeCpuSeconds(root: number): number | null {
  try {
    const table = processTable();
    let ticks = 0;
    for (const pid of table.keys()) if (descendsFrom(table, pid, root)) ticks += ticksOf(pid);
    return ticks / 100;
  } catch {
    return null;
  }
}

/**
 * One of the local servers in tools/ as a process of its own (so the load generator does not share
 * its event loop, and its CPU can be told apart): resolves once its CLI printed `<name>=<url>`.
 */
export async function startServerProcess(cli: string, args: string[], name: string) {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const m = new RegExp(`^${name}=(\\S+)$`, "m").exec(seen);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`${cli} exited (${code}) before printing ${name}`)));
  });
  child.stdout.resume();
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, pid: child.pid as number, close };
}
