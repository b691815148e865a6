/**
 * `npm run deploy -- --env <staging|production> [--dry-run] [--allow-destructive] [--settings <file>]`.
 * Pure: the arguments or what is wrong with them.
 */

export const ENVIRONMENTS = ["staging", "production"] as const;
export type DeployEnv = (typeof ENVIRONMENTS)[number];

export type DeployArgs = {
  env: DeployEnv;
  dryRun: boolean;
  allowDestructive: boolean;
  /** The operator's settings file; default deploy/<env>.env. */
  settingsFile: string;
};

export const USAGE = "usage: npm run deploy -- --env <staging|production> [--dry-run] [--allow-destructive] [--settings <file>]";

export function parseDeployArgs(argv: string[]): DeployArgs | { error: string } {
  let env: string | undefined;
  let settingsFile: string | undefined;
  let dryRun = false;
  let allowDestructive = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--env" || flag === "-e") env = value();
    else if (flag === "--settings") settingsFile = value();
    else if (flag === "--dry-run") dryRun = true;
    else if (flag === "--allow-destructive") allowDestructive = true;
    else return { error: `unknown argument ${arg}\n${USAGE}` };
  }
  if (!env) return { error: `--env is required\n${USAGE}` };
  if (!(ENVIRONMENTS as readonly string[]).includes(env)) return { error: `--env must be staging or production, not ${env}\n${USAGE}` };
  if (settingsFile === "") return { error: `--settings needs a file\n${USAGE}` };
  return { env: env as DeployEnv, dryRun, allowDestructive, settingsFile: settingsFile ?? `deploy/${env}.env` };
}
