import type { CloudflareSettings } from "../../config";
import { type HostnameReading, readHostname } from "../../domain/custom-hostname";
import { ApiError } from "../../errors";
import {
  type CfAnswer,
  cfRequest,
  createHostnameRequest,
  deleteHostnameRequest,
  findHostnameRequest,
  hostnameOf,
  hostnamesOf,
  isDuplicate,
  providerError,
  readHostnameRequest,
} from "./cloudflare";

/**
 * Creating and reading one tenant's custom hostname at Cloudflare (design.md §23). A zone holds a
 * hostname once, so a create can meet an object of the same name: the one of an older pending
 * claim this claim replaces, one whose delete job has not run yet (a domain changed and changed
 * back), or one left behind by a crash. Such an object is deleted and the hostname created anew,
 * with a new ownership token (the new claimant must prove the domain is theirs), unless it is
 * live and belongs to another tenant: that domain is taken.
 */

const deleted = (a: CfAnswer) => a.reached && (a.ok || a.status === 404);

/**
 * `protectedIds`: hostname ids another tenant's claim holds (from our database). Throws
 * `domain_provider_error` when Cloudflare refuses or cannot be reached (nothing created then),
 * `domain_taken` when the name is live for another tenant.
 */
export async function createCustomHostname(
  cf: CloudflareSettings,
  hostname: string,
  protectedIds: ReadonlySet<string> = new Set(),
): Promise<HostnameReading & { id: string }> {
  let created = await cfRequest(cf, createHostnameRequest(cf, hostname));
  if (isDuplicate(created)) {
    const found = await cfRequest(cf, findHostnameRequest(cf, hostname));
    if (!found.reached || !found.ok) throw providerError("set up the domain", found);
    for (const existing of hostnamesOf(found).map(readHostname)) {
      if (!existing.id) continue;
      if (existing.live && protectedIds.has(existing.id)) {
        throw new ApiError("domain_taken", "This domain is already live for another business");
      }
      const gone = await cfRequest(cf, deleteHostnameRequest(cf, existing.id));
      if (!deleted(gone)) throw providerError("set up the domain", gone);
    }
    created = await cfRequest(cf, createHostnameRequest(cf, hostname));
  }
  const object = hostnameOf(created);
  const reading = object ? readHostname(object) : null;
  if (!reading?.id) throw providerError("set up the domain", created);
  return { ...reading, id: reading.id };
}

export type ReadOutcome = { kind: "found"; reading: HostnameReading } | { kind: "gone" } | { kind: "failed"; answer: CfAnswer };

/** Cloudflare's current view of one hostname; `gone` when the object no longer exists there. */
export async function readCustomHostname(cf: CloudflareSettings, id: string): Promise<ReadOutcome> {
  const answer = await cfRequest(cf, readHostnameRequest(cf, id));
  if (answer.reached && answer.status === 404) return { kind: "gone" };
  const object = hostnameOf(answer);
  return object ? { kind: "found", reading: readHostname(object) } : { kind: "failed", answer };
}

/** Best effort (undoing a create whose save did not happen); false when it must be left to a delete job. */
export async function deleteCustomHostname(cf: CloudflareSettings, id: string): Promise<boolean> {
  return deleted(await cfRequest(cf, deleteHostnameRequest(cf, id)));
}

export { deleted as hostnameDeleted };
