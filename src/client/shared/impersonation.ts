import type { ImpersonationStart } from "./api-types";

/**
 * The hand-off from the operator console to the owner app (design.md §15): the console writes the
 * impersonation token here, in this tab's sessionStorage, and opens /app; the token never travels
 * in a URL. The app reads it and runs read-only for the token's lifetime from `receivedAt` (the
 * console's clock when the session started: the same browser's clock, ./token.ts), then returns to the console.
 */
export const IMPERSONATION_KEY = "app.impersonation";

export type ImpersonationHandOff = ImpersonationStart & {
  businessName: string;
  reason: string;
  /** Who is looking (the operator's name or e-mail), for the banner. */
  operator: string;
  /** This browser's `Date.now()` when the console received the token (./token.ts). */
  receivedAt?: number;
};

export function readHandOff(): ImpersonationHandOff | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(IMPERSONATION_KEY) ?? "null") as ImpersonationHandOff | null;
    return v && typeof v.token === "string" && typeof v.expiresAt === "string" ? v : null;
  } catch {
    return null;
  }
}

/** Where the console shows this tenant (the app returns there when the session ends). */
export const consoleTenantUrl = (tenantId: string) => (tenantId ? `/admin/tenant?id=${encodeURIComponent(tenantId)}` : "/admin/tenants");
