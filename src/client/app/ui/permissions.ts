import type { AppKey } from "../../../shared/i18n/app/en";
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

const STAFF_REASON: Record<Exclude<Action, "book" | "status">, AppKey> = {
  cancel: "perm.cancel",
  reschedule: "perm.reschedule",
  manage: "perm.manage",
};

/** English, for callers that have not moved to the catalog yet; `gate()` gives the member's language (perm.readOnly). */
export const READ_ONLY_REASON = "Read-only session: an operator's impersonation cannot change anything.";

export function gate(viewer: Pick<Viewer, "role" | "readOnly"> | null | undefined, action: Action): Gate {
  if (!viewer) return { allowed: false, reason: "" };
  if (viewer.readOnly) return { allowed: false, reason: t("perm.readOnly") };
  if (viewer.role === "staff" && !STAFF_MAY.has(action))
    return { allowed: false, reason: t(STAFF_REASON[action as keyof typeof STAFF_REASON]) };
  return { allowed: true, reason: "" };
}
