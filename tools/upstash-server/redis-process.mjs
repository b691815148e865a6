// Spawn a throwaway redis-server (no persistence) on 127.0.0.1 and wait until it answers PING.
import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { RedisConnection } from "./redis-client.mjs";
import { SimpleString } from "./resp.mjs";

const FALLBACK_PATHS = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"];

/** @returns {string} absolute path of redis-server */
export function findRedisServer() {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const candidates = [...dirs.map((d) => path.join(d, "redis-server")), ...FALLBACK_PATHS];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  throw new Error(
    "redis-server not found on PATH or in /usr/bin, /usr/local/bin. " + "Install it (Debian/Ubuntu: `apt-get install -y redis-server`).",
  );
}

/** @returns {Promise<number>} a currently free TCP port on 127.0.0.1 */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Start redis-server on 127.0.0.1.
 * @param {{ port?: number }} [options] port 0 (default) picks a free port
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startRedis({ port = 0 } = {}) {
  const bin = findRedisServer();
  // With port 0 we pick a free port ourselves; retry if another process grabs it first.
  const attempts = port === 0 ? 5 : 1;
  let lastError;
  for (let i = 0; i < attempts; i++) {
    const chosen = port === 0 ? await freePort() : port;
    try {
      return await launch(bin, chosen);
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

/**
 * @param {string} bin
 * @param {number} port
 */
async function launch(bin, port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "upstash-redis-"));
  // `--save ""` and `--appendonly no`: nothing is persisted; --dir keeps any stray file in a temp dir.
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--daemonize",
    "no",
    "--dir",
    dir,
    "--loglevel",
    "warning",
  ];
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (/** @type {Buffer} */ chunk) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  /** @type {{ code: number | null, signal: string | null } | null} */
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve(undefined);
    });
  });
  let spawnError = /** @type {Error | null} */ (null);
  child.once("error", (err) => {
    spawnError = err;
  });
  // If this Node process exits without calling close(), don't leave redis-server behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const cleanup = () => {
    process.off("exit", killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (spawnError || exited) {
      cleanup();
      const why = spawnError ? spawnError.message : `exited with ${JSON.stringify(exited)}`;
      throw new Error(`redis-server on port ${port} failed to start (${why}): ${output.trim()}`);
    }
    if (await ping(port, child.pid)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exitPromise;
      cleanup();
      throw new Error(`redis-server on port ${port} did not answer PING within 10s: ${output.trim()}`);
    }
    await sleep(20);
  }

  let closing = /** @type {Promise<void> | null} */ (null);
  return {
    port,
    close() {
      closing ??= (async () => {
        if (!exited) {
          child.kill("SIGTERM");
          const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
          await exitPromise;
          clearTimeout(timer);
        }
        cleanup();
      })();
      return closing;
    },
  };
}

/**
 * True once *our* redis-server answers PING (checked by pid, in case another server already
 * holds the port and ours is about to exit with "address in use").
 * @param {number} port
 * @param {number | undefined} pid
 */
async function ping(port, pid) {
  let conn;
  try {
    conn = await RedisConnection.connect(port);
    const [pong, info] = await conn.send([["PING"], ["INFO", "server"]]);
    const ownPid = Buffer.isBuffer(info) && info.toString("utf8").includes(`process_id:${pid}\r\n`);
    return pong instanceof SimpleString && pong.value === "PONG" && ownPid;
  } catch {
    return false;
  } finally {
    conn?.close();
  }
}
