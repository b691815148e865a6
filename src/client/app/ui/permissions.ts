import type { Viewer } from "../../shared/api-types";
import { t } from "../shell/i18n";

/** Whether the viewer may take an action, and if not, why (shown next to the disabled action). */
export type Gate = { allowed: boolean; reason: string };

/**
 * What each role may do (design.md §7, §15, decisions.md "Owner roles"): owners and admins do
 * everything; staff read everything, book at the front desk and move a booking to confirmed,
 * completed or no-show. An operator's impersonation changes nothing.
 */
export type Action = "book" | "status" | "cancel" | "reschedule" | "manage";

const STAFF_MAY: ReadonlySet<Action> = new Set(["book", "status"]);

const STAFF_REASON = {
  cancel: "kit.onlyCancel",
  reschedule: "kit.onlyMove",
  manage: "kit.onlyManage",
} as const satisfies Record<Exclude<Action, "book" | "status">, string>;

/** Words, so read when shown (the member's language is loaded before any page renders). */
export const readOnlyReason = () => t("kit.readOnly");

export function gate(viewer: Pick<Viewer, "role" | "readOnly"> | null | undefined, action: Action): Gate {
  if (!viewer) return { allowed: false, reason: "" };
  if (viewer.readOnly) return { allowed: false, reason: readOnlyReason() };
  if (viewer.role === "staff" && !STAFF_MAY.has(action))
    return { allowed: false, reason: t(STAFF_REASON[action as keyof typeof STAFF_REASON]) };
  return { allowed: true, reason: "" };
}
