// Turns a V8 CPU profile (DevTools `Profiler.stop`) of the Worker's isolate into per-request
// shares: self time by bundle module and package, and inclusive time of our own functions and of
// each package (a sample counts once per function or package on its stack). Used by profile.ts.

export type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
};

type Share = { name: string; msPerReq: number; share: number };

const MARKER = /^\/\/ (\S+\.(?:m?js|cjs|ts|tsx))$/;
/** `../../work/x/node_modules/hono/dist/a.js` -> `node_modules/hono/dist/a.js`; `baseline-src/src/app.ts` -> `src/app.ts`. */
function moduleName(path: string): string | null {
  const lib = path.indexOf("node_modules/");
  if (lib >= 0) return path.slice(lib);
  const own = /(?:^|\/)(src\/.*)$/.exec(path.replace(/^(\.\.\/)+/, ""));
  return own ? own[1] : null;
}

/** esbuild's `// path` comments: the first line of every module in the (unminified) bundle. */
function moduleIndex(bundleText: string) {
  const starts: number[] = [];
  const names: string[] = [];
  bundleText.split("\n").forEach((line, i) => {
    const m = MARKER.exec(line);
    const name = m && moduleName(m[1]);
    if (name) {
      starts.push(i);
      names.push(name);
    }
  });
  return (line: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    if (hi < 0 || line < starts[0]) return "(bundle prelude)";
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= line) lo = mid;
      else hi = mid - 1;
    }
    return names[lo];
  };
}

/** `node_modules/drizzle-orm/sqlite-core/x.js` -> `drizzle-orm`; `src/domain/time.ts` -> `src/domain`. */
export function packageOf(module: string): string {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (m) return m[1];
  if (module.startsWith("src/")) return module.split("/").slice(0, -1).join("/") || "src";
  return module;
}

type CostTools = {
  onStack: (id: number, test: (f: { fn: string; module: string }) => boolean) => boolean;
  ownerModule: (id: number) => string;
  modules: Map<number, string>;
};
const inPkg = (pkg: string) => (f: { module: string }) => f.module.startsWith(`node_modules/${pkg}`);
const inModule = (prefix: string) => (f: { module: string }) => f.module.startsWith(prefix);
/** Functions whose time is the slot decision of a write (the schedule's rows decoded, the engine asked). */
const SLOT_CHECK = new Set(["requestedSlot", "frontDeskSlot", "decodeSchedule"]);
/** Functions that render an e-mail's text (bodies, subject, .ics), wherever they live. */
const RENDERING = new Set(["customerEmail", "bookingIcs", "mailFacts", "bookingNoticeEmail", "renderLayout", "renderStoredEmail"]);
/**
 * Where a sample's time goes, in the terms of issue #22's and #42's suspects; the first rule that
 * matches wins (so Temporal called while rendering an e-mail counts as e-mail rendering).
 */
const COSTS: [string, (leaf: number, t: CostTools) => boolean][] = [
  ["limiter client built per request", (l, t) => t.onStack(l, (f) => f.fn === "createUpstashLimiter")],
  ["Drizzle instance per request", (l, t) => t.onStack(l, (f) => f.fn === "createDb" || f.fn === "guardDb")],
  ["garbage collection", (l, t) => t.modules.get(l) === "(garbage collector)"],
  [
    "e-mail rendering (templates, layout, .ics)",
    (l, t) => t.onStack(l, (f) => RENDERING.has(f.fn) || inModule("src/services/email/")(f) || inModule("src/domain/ical")(f)),
  ],
  ["slot check (schedule rows + slot engine)", (l, t) => t.onStack(l, (f) => SLOT_CHECK.has(f.fn) && f.module.startsWith("src/"))],
  ["Temporal (zone computations)", (l, t) => t.onStack(l, inPkg("temporal-polyfill"))],
  ["zod (validation)", (l, t) => t.onStack(l, inPkg("zod"))],
  ["JWT (jose: owner tokens)", (l, t) => t.onStack(l, inPkg("jose"))],
  ["Drizzle query building + row mapping", (l, t) => t.ownerModule(l).startsWith("node_modules/drizzle-orm")],
  [
    "libSQL client (Hrana encode/decode, fetch)",
    (l, t) => t.ownerModule(l).startsWith("node_modules/@libsql") || t.ownerModule(l) === "src/db/hrana.ts",
  ],
  ["Upstash call (fetch, parse)", (l, t) => t.ownerModule(l).startsWith("node_modules/@upstash")],
  ["Response + JSON serialisation (c.json)", (l, t) => t.ownerModule(l) === "node_modules/hono/dist/context.js"],
  ["slot engine + formatting (src/domain)", (l, t) => t.ownerModule(l).startsWith("src/domain")],
  ["our routes, services, middleware", (l, t) => t.ownerModule(l).startsWith("src/")],
  ["Hono routing + middleware chain", (l, t) => t.ownerModule(l).startsWith("node_modules/hono")],
];

const SPECIAL = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

export function summarize(profile: CpuProfile, bundleText: string, requests: number) {
  const moduleOf = bundleText ? moduleIndex(bundleText) : null;
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frameModule = (id: number) => {
    const f = byId.get(id)!.callFrame;
    if (SPECIAL.has(f.functionName)) return f.functionName;
    if (moduleOf && f.url.endsWith("index.js")) return moduleOf(f.lineNumber);
    return f.url ? `(runtime) ${f.url.replace(/^.*\//, "")}` : "(builtin)";
  };
  const modules = new Map<number, string>(profile.nodes.map((n) => [n.id, frameModule(n.id)]));

  const frameName = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const mod = modules.get(id)!;
    return `${f.functionName || "(anonymous)"} [${mod}${mod.startsWith("(") ? "" : `:${f.lineNumber + 1}`}]`;
  };
  /** The nearest frame of the bundle above a builtin or runtime frame: who called it. */
  const caller = (id: number) => {
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) if (!modules.get(p)!.startsWith("(")) return frameName(p);
    return "?";
  };
  /** The module of a frame, or for a builtin/runtime frame that of its nearest bundle caller. */
  const ownerModule = (id: number) => {
    for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) if (!modules.get(p)!.startsWith("(")) return modules.get(p)!;
    return modules.get(id)!;
  };
  const onStack = (id: number, test: (frame: { fn: string; module: string }) => boolean) => {
    for (let p: number | undefined = id; p !== undefined; p = parent.get(p))
      if (test({ fn: byId.get(p)!.callFrame.functionName, module: modules.get(p)! })) return true;
    return false;
  };
  /** The suspects of issue #22, first match wins (see COSTS). */
  const costOf = (leaf: number): string => {
    for (const [name, test] of COSTS) if (test(leaf, { onStack, ownerModule, modules })) return name;
    return "other";
  };
  const byCost = new Map<string, number>();
  const selfModule = new Map<string, number>();
  const selfPackage = new Map<string, number>();
  const selfFunction = new Map<string, number>();
  const inclOurs = new Map<string, number>();
  const inclPackage = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let total = 0;
  let idle = 0;
  let gc = 0;
  let program = 0;
  // Every sample weighs one sampling interval (the median gap between samples). workerd's isolate
  // is sampled only while it runs, so the gap before a sample may span time spent waiting for I/O
  // or in other isolates; weighting by gaps would charge that to whichever frame came next.
  const n = profile.samples.length;
  const gaps = profile.timeDeltas.slice(1).sort((a, b) => a - b);
  const dt = (gaps[gaps.length >> 1] ?? 0) / 1000; // ms
  for (let i = 0; i < n; i++) {
    const leaf = profile.samples[i];
    const leafFrame = byId.get(leaf)!.callFrame;
    total += dt;
    if (leafFrame.functionName === "(idle)") {
      idle += dt;
      continue;
    }
    if (leafFrame.functionName === "(garbage collector)") gc += dt;
    if (leafFrame.functionName === "(program)") program += dt;
    const mod = modules.get(leaf)!;
    add(selfModule, mod, dt);
    add(selfPackage, packageOf(mod), dt);
    add(selfFunction, `${frameName(leaf)}${mod.startsWith("(") ? ` <- ${caller(leaf)}` : ""}`, dt);
    add(byCost, costOf(leaf), dt);
    const seenOurs = new Set<string>();
    const seenPkg = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const m = modules.get(id)!;
      if (SPECIAL.has(m)) continue;
      seenPkg.add(packageOf(m));
      if (m.startsWith("src/")) seenOurs.add(`${byId.get(id)!.callFrame.functionName || "(anonymous)"} [${m}]`);
    }
    for (const k of seenOurs) add(inclOurs, k, dt);
    for (const k of seenPkg) add(inclPackage, k, dt);
  }
  const busy = total - idle;
  const rows = (m: Map<string, number>): Share[] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => ({ name, msPerReq: Number((ms / requests).toFixed(4)), share: Number((ms / busy).toFixed(3)) }));
  return {
    busyMsPerReq: busy / requests,
    gcMsPerReq: gc / requests,
    programMsPerReq: program / requests,
    byCost: rows(byCost),
    byModule: rows(selfModule),
    byPackage: rows(selfPackage),
    byFunction: rows(selfFunction),
    ours: rows(inclOurs),
    packagesInclusive: rows(inclPackage),
  };
}
