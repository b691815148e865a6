import { loadConfig } from "../../config";
import { holdCapRetryAfter, type LiveHold } from "../../domain/hold-caps";
import { rateLimitClientKey } from "../../domain/ip";
import { refundDeadline } from "../../domain/payments";
import { ApiError } from "../../errors";
import { requireCaptcha } from "../captcha";
import { slotTaken } from "./front-desk";
import type { BookingCtx, BookingScope } from "./scope";

/**
 * design.md §31's rules of a create (./create.ts): what a public create must pass before anything
 * is held or paid, the money terms the booking keeps for good, and who may change the business's
 * customer record.
 */

/** The hold caps answer like the rate limiter (interface.md gives 429 no other shape). */
export const holdsRefused = (retryAfterSeconds: number) =>
  new ApiError("rate_limited", "Too many unpaid holds", undefined, { "Retry-After": String(Math.max(1, retryAfterSeconds)) });

/** Seconds until the earliest live hold ends (a minute when none was seen: a concurrent create took the place). */
export const firstHoldEnd = (holds: LiveHold[], nowMs: number) =>
  holds.length ? Math.ceil((Math.min(...holds.map((h) => h.endsAt)) - nowMs) / 1000) : 60;

/** What a create's outcome row says of a take that lost its race (./prepaid-at-create.ts `lostRace`). */
type RaceRow = { giftShort?: number; promoShort?: number; packageShort?: number };
type PrepaidRace = { lostRace(row: RaceRow | undefined): ApiError | null };

/**
 * Why a create whose batch wrote nothing was refused, a booking's (./create.ts) or a visit's
 * (src/services/visits/create.ts), from its outcome row, in the order the batch's guards decide:
 * the business closed meanwhile (public), the hold caps filled by a concurrent create, a prepaid
 * take that lost its race, else the slot was taken.
 */
export function unwrittenCreateError<R extends { open: unknown; holdsOk: unknown } & RaceRow>(
  scope: BookingScope,
  row: R | undefined,
  refused: { liveHolds: LiveHold[]; nowMs: number; paid: PrepaidRace | null | undefined },
): ApiError {
  if (scope.kind === "public" && !row?.open) return ApiError.notFound("Business");
  if (!row?.holdsOk) return holdsRefused(firstHoldEnd(refused.liveHolds, refused.nowMs));
  return refused.paid?.lostRace(row) ?? slotTaken();
}

/**
 * A public create's checks, in order: the business's bot protection (a Turnstile token, 403
 * captcha_failed), then, when the create would hold the slot for payment, the hold caps over the
 * holds read in the create's first round trip (429). Answers the client's network (IPv4 address or
 * IPv6 /64), which the booking stores for the caps; null for the owner API.
 */
export async function publicCreateChecks(
  ctx: Pick<BookingCtx, "env" | "now">,
  scope: BookingScope,
  tenant: { botProtection: boolean },
  input: { email: string; captchaToken?: string; clientIp?: string; holding: boolean },
  liveHolds: LiveHold[],
): Promise<string | null> {
  if (scope.kind !== "public") return null;
  const network = input.clientIp ? rateLimitClientKey(input.clientIp) : null;
  await requireCaptcha(loadConfig(ctx.env), tenant, input.captchaToken, input.clientIp);
  const retryAfter = input.holding ? holdCapRetryAfter(liveHolds, { emailKey: input.email, network }, ctx.now.getTime()) : null;
  if (retryAfter !== null) throw holdsRefused(retryAfter);
  return network;
}

/** The money terms in force now, and the refund deadline they give: the booking's for good. */
export function storedTerms(
  tenant: { cancellationHours: number; noShowFeePercent: number; lateCancelFeePercent: number },
  startMs: number,
) {
  return {
    cancellationHours: tenant.cancellationHours,
    noShowFeePercent: tenant.noShowFeePercent,
    lateCancelFeePercent: tenant.lateCancelFeePercent,
    refundDeadlineAt: refundDeadline(startMs, tenant.cancellationHours),
  };
}

/**
 * Inside the customer upsert's ON CONFLICT: whether this create may change the existing record's
 * name and phone. The business may; on the public API only the signed-in customer account linked
 * to the record (or linked by this very create: its e-mail is the account's). A guest typing
 * someone's e-mail changes nothing of theirs; what the guest typed stays on the booking.
 */
export type RecordUpdate = { always: boolean; accountId: string | null };

export function recordUpdateAllowed(scope: BookingScope, accountId: string | null): RecordUpdate {
  return { always: scope.kind === "owner", accountId };
}
