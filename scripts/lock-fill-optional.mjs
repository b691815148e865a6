#!/usr/bin/env node
// This machine's registry serves only the Linux builds of packages that ship one binary package
// per platform (workerd, esbuild, biome, ...), so `npm install` leaves the other platforms'
// optional entries out of package-lock.json and a later `npm ci` refuses the lock as out of sync.
// This records every missing optional platform package the way npm would (version, os, cpu,
// optional), without an integrity hash: npm skips them on platforms they are not for.
// Run it after any `npm install` that adds or updates such a package.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

const OS = {
  darwin: "darwin",
  linux: "linux",
  win32: "win32",
  windows: "win32",
  android: "android",
  freebsd: "freebsd",
  openbsd: "openbsd",
  netbsd: "netbsd",
  sunos: "sunos",
  aix: "aix",
  openharmony: "openharmony",
};
const CPU = {
  x64: "x64",
  64: "x64",
  arm64: "arm64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  mips64el: "mips64el",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  let os;
  let cpu;
  for (const p of parts) {
    if (!os && OS[p]) os = OS[p];
    else if (os && !cpu && CPU[p]) cpu = CPU[p];
  }
  const libc = parts.includes("musl") ? "musl" : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  for (const [dep, range] of Object.entries(optional)) {
    const target = `node_modules/${dep}`;
    const nested = `${key}/node_modules/${dep}`;
    if (packages[target] || packages[nested]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue; // not a platform build: leave it to npm
    const version = range.replace(/^[\^~=]/, "");
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[target] = {
      version,
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
      license: entry.license,
      optional: true,
      os: [os],
      ...(entry.engines ? { engines: entry.engines } : {}),
    };
    added++;
  }
}

const sorted = {};
for (const k of Object.keys(packages).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0))) sorted[k] = packages[k];
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-fill-optional: recorded ${added} optional platform package(s)`);
