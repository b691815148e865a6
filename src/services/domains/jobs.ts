import type { SQL } from "drizzle-orm";
import { type Config, cloudflareSettings } from "../../config";
import type { Db } from "../../db/client";
import type { JobHandler } from "../outbox/jobs";
import { jobInsert } from "../outbox/jobs";
import { cfRequest, cfSaid, deleteHostnameRequest } from "./cloudflare";
import { hostnameDeleted } from "./hostnames";

/**
 * Deleting a custom hostname at Cloudflare that no claim uses any more (a domain changed,
 * cleared, replaced by a newer claim, or given up after 7 days): an outbox job (design.md §22,
 * §23), written in the batch of the change, retried until Cloudflare answers. Already gone (404)
 * counts as done. Until it runs the old hostname serves nobody: the Host lookup matches only a
 * tenant's current, active domain.
 */
export const HOSTNAME_DELETE_KIND = "cloudflare.hostname_delete";

export type HostnameDeletePayload = { hostnameId: string; hostname: string };

export function hostnameDeleteJob(db: Db, tenantId: string, p: HostnameDeletePayload, now: Date, onlyIf?: SQL) {
  return jobInsert(
    db,
    { kind: HOSTNAME_DELETE_KIND, tenantId, payload: p, idempotencyKey: `hostname-delete-${p.hostnameId}` },
    now,
    onlyIf,
  );
}

export function hostnameDeleteHandler(config: Config): JobHandler {
  return {
    kind: HOSTNAME_DELETE_KIND,
    async perform(job) {
      const p = job.payload as HostnameDeletePayload;
      const cf = cloudflareSettings(config);
      // The token was removed from the settings: wait for the operator (retried, then failed and listed).
      if (!cf) return { ok: false, permanent: false, error: "Cloudflare is not configured (CF_API_TOKEN)" };
      const answer = await cfRequest(cf, deleteHostnameRequest(cf, p.hostnameId));
      if (hostnameDeleted(answer)) return { ok: true, result: { deleted: p.hostnameId } };
      return { ok: false, permanent: false, error: `deleting ${p.hostname}: ${cfSaid(answer)}`.slice(0, 300) };
    },
  };
}
