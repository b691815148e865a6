#!/usr/bin/env node
// The test suite needs two Debian packages besides npm's: `redis-server` (the Upstash emulator's
// backend) and `chromium` (the browser tests). This runs before `npm test` (pretest) and in
// .ci/run: when one is missing it installs it with apt-get if this user may (root, or sudo
// without a password), and otherwise stops with the exact command to run. Plain Node, no
// dependencies, so it also runs before `npm ci`.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const CHROMIUM = "/usr/bin/chromium";

/** @param {string} name */
function onPath(name) {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function missingPackages() {
  /** @type {string[]} */
  const missing = [];
  if (!onPath("redis-server")) missing.push("redis-server");
  try {
    accessSync(CHROMIUM, constants.X_OK);
  } catch {
    missing.push("chromium");
  }
  return missing;
}

/** @param {string[]} argv */
function run(argv) {
  const result = spawnSync(argv[0], argv.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

const missing = missingPackages();
if (missing.length === 0) process.exit(0);

const list = missing.join(" ");
const command = `sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${list}`;
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const canSudo = !isRoot && onPath("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;

if (process.platform !== "linux" || !onPath("apt-get") || (!isRoot && !canSudo)) {
  console.error(`The tests need ${list} (Debian packages), and this user cannot install them here.`);
  console.error(
    `Install them, then run npm test again:\n\n  ${process.platform === "linux" && onPath("apt-get") ? command : `install ${list} (chromium at ${CHROMIUM})`}\n`,
  );
  process.exit(1);
}

console.log(`Installing the test suite's system packages: ${list}`);
const prefix = isRoot ? [] : ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive"];
if (!run([...prefix, "apt-get", "update", "-qq"]) || !run([...prefix, "apt-get", "install", "-y", "-qq", ...missing])) {
  console.error(`apt-get failed. Run it yourself, then npm test again:\n\n  ${command}\n`);
  process.exit(1);
}
const still = missingPackages();
if (still.length) {
  console.error(`Still missing after apt-get: ${still.join(" ")} (chromium is expected at ${CHROMIUM}).`);
  process.exit(1);
}
