import { instantToLocalString } from "../time";

/**
 * The monthly text limit (design.md §27): messages, not segments, per calendar month in the
 * business's time zone. The plan gives the default; the operator may set another for a business,
 * which then holds whatever its plan becomes. A plan change never resets what was used.
 */
export const PLAN_SMS_LIMITS = { free: 0, pro: 500, enterprise: 5000 } as const;

/** The most the operator may set (a guard against a typo, not a business rule). */
export const MAX_SMS_LIMIT = 1_000_000;

export type Plan = keyof typeof PLAN_SMS_LIMITS;

export function effectiveSmsLimit(plan: string, override: number | null | undefined): number {
  if (typeof override === "number") return override;
  return PLAN_SMS_LIMITS[plan as Plan] ?? 0;
}

/** The business's local month of an instant, "YYYY-MM": the month a text counts in. */
export function localMonth(timeZone: string, ms: number): string {
  return instantToLocalString(timeZone, ms).slice(0, 7);
}
