import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";

const session = { sub: z.string(), sid: z.string() };

/**
 * The claims our tokens carry, parsed (not cast) after the signature and expiry are checked. The
 * audience decides the shape: none = a member's owner-audience token (tenantId null or empty: no
 * business chosen yet; `imp`/`ro` mark impersonation), `customer`, `super_admin`. A token of another
 * shape is refused like a bad signature.
 */
const ownerClaims = z.object({
  ...session,
  aud: z.never().optional(),
  tenantId: z.string().min(1).nullable().catch(null),
  role: z.string().catch("customer"),
  /** Present only on impersonation tokens; a malformed one refuses the token. */
  imp: z.object({ adminId: z.string(), sessionId: z.string() }).optional(),
  ro: z.unknown().optional(),
});
const customerClaims = z.object({ ...session, aud: z.literal("customer") });
const adminClaims = z.object({
  ...session,
  aud: z.literal("super_admin"),
  email: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? "")),
  name: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? "")),
});
const tokenClaims = z.union([ownerClaims, customerClaims, adminClaims]);

export type OwnerClaims = z.infer<typeof ownerClaims>;
export type TokenClaims = z.infer<typeof tokenClaims>;

const encoder = new TextEncoder();

export async function signToken(
  secret: string,
  claims: Record<string, unknown>,
  ttlSeconds: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(encoder.encode(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/**
 * Verifies signature (HS256 only: `alg: none` and every other algorithm are refused by jose's
 * allow-list) and expiry against the request clock, then parses the claims. Returns null on any
 * defect: callers answer 401 without saying which.
 */
export async function verifyToken(secret: string, token: string, now: Date): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["exp", "sub"],
    });
    const claims = tokenClaims.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <jwt>` header; the scheme in any case (RFC 7235, design.md §18). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** The credential of a `Bearer` header whatever its form (a JWT or a tenant API key), or null. */
export function bearerCredential(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}
