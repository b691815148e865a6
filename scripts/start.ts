// `npm start`: the whole local stack in one command — libSQL server, migrations, seed, wrangler dev.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { startLibsqlServer } from "../tools/libsql-server/server.mjs";
import { migrateDatabase } from "./db/migrate";
import { DEMO, seedDatabase } from "./db/seed";

function loadDevVars(): Record<string, string> {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("created .dev.vars from .dev.vars.example");
  }
  const vars: Record<string, string> = {};
  for (const line of readFileSync(".dev.vars", "utf8").split("\n")) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) vars[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
  }
  return vars;
}

const vars = loadDevVars();
const libsqlUrl = new URL(vars.LIBSQL_URL || "http://127.0.0.1:8080");
const port = Number(process.env.PORT || 8787);
mkdirSync(".data", { recursive: true });

const libsql = await startLibsqlServer({ file: ".data/dev.db", host: libsqlUrl.hostname, port: Number(libsqlUrl.port || 8080) });
await migrateDatabase(libsql.url);
// The local stack asks for the demo tenant; the seed refuses it if .dev.vars says production.
for (const line of await seedDatabase(libsql.url, {
  adminEmail: vars.ADMIN_EMAIL,
  adminPassword: vars.ADMIN_PASSWORD,
  demo: true,
  environment: vars.ENVIRONMENT || "development",
}))
  console.log(line);

const wrangler = spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--var", `LIBSQL_URL:${libsql.url}`], {
  // Its own process group, so stopping reaches npx, wrangler and the workerd it starts.
  detached: true,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});

let announced = false;
wrangler.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/i.test(chunk.toString())) {
    announced = true;
    const base = `http://127.0.0.1:${port}`;
    console.log(`
  Booking platform is running
    API              ${base}/api/public/${DEMO.slug}
    Booking page     ${base}/book?slug=${DEMO.slug}
    Operator console ${base}/admin
    libSQL server    ${libsql.url}
  Dev credentials
    operator  ${vars.ADMIN_EMAIL} / ${vars.ADMIN_PASSWORD}
    owner     ${DEMO.ownerEmail} / ${DEMO.ownerPassword}
  Ctrl-C stops everything.
`);
  }
});

// wrangler dev never fires cron triggers locally; tick the scheduled handler every minute so the
// outbox safety net runs here as it does in production.
const cronTick = setInterval(() => {
  fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled`).catch(() => {});
}, 60_000);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  clearInterval(cronTick);
  try {
    process.kill(-wrangler.pid!, "SIGINT");
  } catch {
    // already gone
  }
  await libsql.close();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
wrangler.on("exit", (code) => void stop(code ?? 0));
