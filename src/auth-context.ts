// Who is calling, as the auth middleware (src/middleware/auth.ts) establishes it. Each caller
// group's Hono env (src/env.ts) carries exactly one of these as `c.var.auth`, so a handler reads
// its caller's fields without a cast or a runtime check.

import type { Locale } from "./shared/i18n/locales";
import type { MemberRole } from "./shared/member-roles";

export type { MemberRole };

/** Who did it, for audit rows: a member's user account or one of the business's API keys. */
export type Actor = { type: "user"; id: string } | { type: "api_key"; id: string };

/** An owner-audience token (owner, admin or staff of the token's business), possibly impersonated. */
export type MemberAuth = {
  kind: "owner";
  via: "token";
  userId: string;
  sessionId: string;
  tenantId: string;
  role: MemberRole;
  /** The business's IANA zone, read with the membership (no extra round trip): views key date ranges by it. */
  timezone: string;
  /**
   * design.md §30: the language the member reads the app in (their own `locale`, else the business's),
   * read with the membership; `en` on the guarded first-round-trip path, which renders no words.
   */
  locale: Locale;
  actor: Actor;
  impersonation?: { adminId: string; sessionId: string };
  /**
   * Only while the membership check waits for the request's first round trip (routes listed in
   * `MEMBERSHIP_IN_FIRST_ROUND_TRIP`, src/middleware/auth.ts): the role the token was signed with,
   * a guess a route may build its first statement on and must compare with `role` once that
   * round trip has answered (then this is gone and `role`/`timezone` are the database's).
   */
  claimedRole?: MemberRole;
  /**
   * Set while the membership check still rides in the request's first round trip (src/middleware/
   * auth.ts): `role` and `timezone` are placeholders until it resolves. Whatever must read them before
   * the database call awaits it (requireRole does), paying the check's round trip of its own.
   */
  membershipChecked?: () => Promise<void>;
};

/**
 * A tenant API key (design.md §19): acts as an admin of its business; a `read` key may only GET.
 * Its validity is checked inside the request's first database round trip (src/middleware/api-key.ts).
 */
export type ApiKeyAuth = {
  kind: "owner";
  via: "api_key";
  keyId: string;
  tenantId: string;
  role: "admin";
  actor: Actor;
  /**
   * The key's scope, learnt from its check in the request's first round trip (null until then):
   * what a `read` key may see is decided by it (issue #33: no confirmation codes).
   */
  scope: "read" | "write" | null;
};

/** The caller of an owner route: a member's token or an API key of the business. */
export type OwnerAuth = MemberAuth | ApiKeyAuth;

/** A customer token (aud customer): one global account across businesses. */
export type CustomerAuth = { kind: "customer"; customerId: string; sessionId: string };

/** A platform operator (aud super_admin). */
export type AdminAuth = { kind: "admin"; adminId: string; sessionId: string; email: string; name: string };

/** No usable customer token on a route where one is optional (public booking creation). */
export type AnonymousAuth = { kind: "anonymous" };

/**
 * design.md §31: whoever may only read never learns what lets them write. Confirmation codes (which
 * cancel and move a booking through the public code routes, with no token) are shown to owner and
 * admin members and to `write` API keys; staff members, `read` keys and the operator's read-only
 * impersonation see `confirmationCode: null`. A key whose scope is not known yet sees none.
 */
export function seesConfirmationCodes(auth: OwnerAuth): boolean {
  if (auth.via === "api_key") return auth.scope === "write";
  return auth.impersonation === undefined && (auth.role === "owner" || auth.role === "admin");
}
