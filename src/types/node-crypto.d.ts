/**
 * The one part of Node's crypto the Worker uses (workerd provides it under `nodejs_compat`): a
 * synchronous SHA-256, for values that must be hashed while a batch is being built (an SMS
 * opt-out's key, src/domain/sms/opt-out.ts). Web Crypto's digest is asynchronous.
 */
declare module "node:crypto" {
  export function createHash(algorithm: "sha256"): {
    update(data: string): { digest(encoding: "hex"): string };
  };
}
