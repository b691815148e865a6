import { type Config, giftCodeSecret } from "../../config";
import { type CodePrefix, codeDigest, codeLast4, formatCode, normalizeCode, randomCodeBody } from "../../domain/prepaid-codes";

type Secret = Pick<Config, "GIFT_CODE_SECRET" | "JWT_SECRET">;

/** A new code: what the customer is given (once), and what is stored (its HMAC and last 4). */
export async function newCode(config: Secret, prefix: CodePrefix): Promise<{ code: string; hash: string; last4: string }> {
  const body = randomCodeBody();
  return { code: formatCode(prefix, body), hash: await codeDigest(giftCodeSecret(config), prefix, body), last4: codeLast4(body) };
}

/** The stored HMAC of what a customer typed, or null when it cannot be a code of this kind. */
export async function typedCodeHash(config: Secret, prefix: CodePrefix, typed: string): Promise<string | null> {
  const body = normalizeCode(prefix, typed);
  return body ? codeDigest(giftCodeSecret(config), prefix, body) : null;
}
