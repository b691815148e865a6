import { SignJWT, jwtVerify, type JWTPayload } from "jose";

export type OwnerClaims = {
  sub: string;
  sid: string;
  tenantId: string | null;
  role: string;
  /** Present only on impersonation tokens. */
  imp?: { adminId: string; sessionId: string };
  ro?: boolean;
};
export type CustomerClaims = { sub: string; sid: string; aud: "customer" };
export type AdminClaims = { sub: string; sid: string; aud: "super_admin"; email: string; name: string };

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
 * allow-list) and expiry against the request clock. Returns null on any defect: callers answer
 * 401 without saying which.
 */
export async function verifyToken(secret: string, token: string, now: Date): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return payload;
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
