import { z } from "@hono/zod-openapi";
import type { JobRow } from "../../services/ops/jobs";
import { STUCK_AFTER_MS } from "../../services/outbox/stores";

// Response shapes of the operator's jobs API (design.md §24).

export const JobView = z
  .object({
    id: z.string(),
    kind: z.string().openapi({ description: "email, webhook, or a jobs-table kind (stripe.refund, booking.reminder, ...)" }),
    type: z.string().openapi({ description: "The e-mail's template, the webhook's event type, or the kind again" }),
    tenantId: z.string().nullable(),
    businessName: z.string().nullable(),
    status: z.string().openapi({ description: "As stored: pending, sending, failed, suppressed, discarded, or the kind's done status" }),
    stuck: z.boolean().openapi({ description: "Sending for longer than the stuck timeout (5 minutes)" }),
    target: z.string().openapi({ description: "The recipient's address, the webhook endpoint's id, or the job's idempotency key" }),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    dueAt: z.string().openapi({ description: "When it is (or was) due; a backlog counts from here" }),
    lockedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    canRetry: z.boolean(),
    canDiscard: z.boolean(),
  })
  .openapi("Job");

export const JobList = z
  .object({
    jobs: z.array(JobView),
    nextCursor: z.string().nullable().openapi({ description: "Pass as ?cursor= for the next page; null on the last" }),
  })
  .openapi("JobList");

export function toJobView(r: JobRow, now: Date): z.infer<typeof JobView> {
  const stuck = r.status === "sending" && r.lockedAt !== null && Date.parse(r.lockedAt) < now.getTime() - STUCK_AFTER_MS;
  return {
    id: r.id,
    kind: r.kind,
    type: r.type,
    tenantId: r.tenantId,
    businessName: r.businessName,
    status: r.status,
    stuck,
    target: r.target,
    attempts: r.attempts,
    lastError: r.lastError,
    lastStatusCode: r.lastStatusCode,
    dueAt: r.dueAt,
    lockedAt: r.lockedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    canRetry: (r.status === "failed" || stuck) && r.retryAllowed === 1,
    canDiscard: ["failed", "pending", "suppressed"].includes(r.status) || stuck,
  };
}
