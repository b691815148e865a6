import { createHash } from "node:crypto";

/**
 * An SMS opt-out kept after the customer's data is erased (design.md §25): the number's SHA-256
 * in `sms_opt_outs.phone` instead of the number, so the person is never texted again while the
 * table no longer shows who they are. The prefix keeps a hash from ever equalling an E.164 number.
 * Unkeyed on purpose: a secret key that is rotated or lost would silently let texts reach people
 * who said STOP (docs/decisions.md).
 */
export const OPT_OUT_HASH_PREFIX = "sha256:";

export function optOutHash(e164: string): string {
  return OPT_OUT_HASH_PREFIX + createHash("sha256").update(`sms-opt-out:${e164}`).digest("hex");
}
