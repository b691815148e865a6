import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDeployArgs } from "../../../scripts/deploy/args";
import { parseEnvFile } from "../../../scripts/deploy/env-file";
import { checkSettings, SETTINGS } from "../../../scripts/deploy/settings";
import { committedEnv, fixtureValues } from "./support";

// design.md §23: the deploy reads the operator's settings file and lists everything missing or
// wrong before it touches anything; the Worker's own configuration check (design.md §2, §18) runs
// on exactly the vars and secrets it would get.

describe("npm run deploy's arguments", () => {
  it("take an env, --dry-run, --allow-destructive and --settings, and refuse anything else", () => {
    expect(parseDeployArgs(["--env", "staging"])).toEqual({
      env: "staging",
      dryRun: false,
      allowDestructive: false,
      settingsFile: "deploy/staging.env",
    });
    expect(parseDeployArgs(["--env=production", "--dry-run", "--allow-destructive", "--settings", "x.env"])).toEqual({
      env: "production",
      dryRun: true,
      allowDestructive: true,
      settingsFile: "x.env",
    });
    expect(parseDeployArgs([])).toMatchObject({ error: expect.stringContaining("--env is required") });
    expect(parseDeployArgs(["--env", "prod"])).toMatchObject({ error: expect.stringContaining("staging or production") });
    expect(parseDeployArgs(["--env", "staging", "--force"])).toMatchObject({ error: expect.stringContaining("unknown argument --force") });
  });
});

describe("the settings file", () => {
  it("is read as KEY=value lines: comments, export, quotes, nothing expanded, mistakes named by line", () => {
    const file = parseEnvFile(
      ["# comment", "export A=1", 'B="two words \\"quoted\\""', "C='$HOME stays'", "D=value # note", "E=", "not a line", "A=again"].join(
        "\n",
      ),
    );
    expect(file.values).toEqual({ A: "again", B: 'two words "quoted"', C: "$HOME stays", D: "value", E: "" });
    expect(file.problems).toEqual(["line 7 is not KEY=value", "line 8: A is set twice"]);
  });

  it.each(["staging", "production"] as const)(
    "the committed %s example names every setting, each with a comment, and nothing else",
    (env) => {
      const text = readFileSync(`deploy/${env}.env.example`, "utf8");
      const lines = text.split("\n");
      const { values, problems } = parseEnvFile(text);
      expect(problems).toEqual([]);
      expect(Object.keys(values)).toEqual(SETTINGS.map((s) => s.key));
      for (const key of Object.keys(values)) {
        expect(values[key], key).toBe("");
        expect(lines[lines.indexOf(`${key}=`) - 1], key).toMatch(/^# \S/);
      }
    },
  );

  it("missing settings are all listed at once, each with what it is (optional ones and Upstash with the KV store excepted)", async () => {
    const vars = (await committedEnv("production")).vars;
    const { missing } = checkSettings("production", parseEnvFile(readFileSync("deploy/production.env.example", "utf8")).values, vars);
    const keys = missing.map((m) => m.split(":")[0]);
    expect(keys).toEqual(SETTINGS.filter((s) => !s.optional?.(vars)).map((s) => s.key));
    expect(keys).toContain("UPSTASH_REDIS_REST_URL");
    expect(keys).not.toContain("AI_API_KEY");
    expect(missing.find((m) => m.startsWith("JWT_SECRET:"))).toContain("at least 32 random bytes");
    const kv = checkSettings("production", {}, { ...vars, RATE_LIMIT_STORE: "kv" }).missing.map((m) => m.split(":")[0]);
    expect(kv).not.toContain("UPSTASH_REDIS_REST_URL");
  });

  it("runs the Worker's own configuration check on what it would get, naming settings, never values", async () => {
    const vars = { ...(await committedEnv("staging")).vars, CF_ZONE_ID: "9f1c2d3e4b5a69788c9d0e1f2a3b4c5d" };
    const values = parseEnvFile(fixtureValues()).values;
    expect(checkSettings("staging", values, vars)).toEqual({ missing: [], problems: [] });
    const short = checkSettings("staging", { ...values, JWT_SECRET: "too-short-secret" }, vars);
    expect(short.problems).toEqual(["the Worker would refuse to serve: JWT_SECRET is missing or invalid"]);
    expect(JSON.stringify(short)).not.toContain("too-short-secret");
    // Custom domains need the zone the token manages.
    expect(checkSettings("staging", values, { ...vars, CF_ZONE_ID: "" }).problems).toEqual([
      "the Worker would refuse to serve: CF_API_TOKEN needs CF_ZONE_ID and CUSTOM_DOMAIN_TARGET",
    ]);
  });

  it("refuses test keys in production and live keys on staging, typos, and a secret that is also a var", async () => {
    const vars = { ...(await committedEnv("production")).vars, CF_ZONE_ID: "9f1c2d3e4b5a69788c9d0e1f2a3b4c5d" };
    const values = parseEnvFile(fixtureValues()).values;
    const problems = checkSettings("production", { ...values, JWT_SECRTE: "x", PUBLIC_BASE_URL: "https://x.example" }, vars).problems;
    expect(problems).toEqual([
      expect.stringContaining("JWT_SECRTE is not a setting of the settings file"),
      expect.stringContaining("PUBLIC_BASE_URL is not a setting of the settings file"),
      "STRIPE_SECRET_KEY must be a live-mode key (sk_live_...) for production",
    ]);
    const shared = checkSettings("staging", { ...values, CF_API_TOKEN: "t" }, { ...vars, CF_API_TOKEN: "in vars too" }).problems;
    expect(shared).toContain("CF_API_TOKEN is also in wrangler.toml [env.staging.vars]; a secret and a var cannot share a name");
  });
});
