import { z } from "@hono/zod-openapi";
import { ReportSummary } from "../owner/report-shapes";

// Response schemas of the operator API (design.md §8, interface.md "Tenant (operator view)").

export const TenantView = z
  .object({
    id: z.string(),
    slug: z.string(),
    businessName: z.string(),
    businessType: z.string(),
    email: z.string(),
    phone: z.string(),
    plan: z.string(),
    planStatus: z.string(),
    isActive: z.boolean(),
    isSuspended: z.boolean(),
    suspendedReason: z.string().nullable(),
    suspendedAt: z.string().nullable(),
    trialEndsAt: z.string().nullable(),
    createdAt: z.string(),
    customDomain: z.string().nullable(),
    widgetColor: z.string(),
    description: z.string(),
    addressLine1: z.string(),
    city: z.string(),
    country: z.string(),
    users: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        role: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        isActive: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    counts: z.object({ bookings: z.number().int(), customers: z.number().int(), services: z.number().int(), staff: z.number().int() }),
    recentBookings: z.array(
      z.object({ id: z.string(), startDatetime: z.string(), status: z.string(), totalAmount: z.number().int(), currency: z.string() }),
    ),
    audit: z.array(
      z.object({
        id: z.string(),
        action: z.string(),
        actorId: z.string(),
        targetId: z.string(),
        reason: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi("TenantOperatorView");

export const TenantListItem = z
  .object({
    id: z.string(),
    slug: z.string(),
    businessName: z.string(),
    plan: z.string(),
    planStatus: z.string(),
    isActive: z.boolean(),
    isSuspended: z.boolean(),
    trialEndsAt: z.string().nullable(),
    createdAt: z.string(),
    ownerEmail: z.string().nullable(),
  })
  .openapi("TenantListItem");

export const TenantActivity = z
  .object({
    owner: z
      .object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), lastLoginAt: z.string().nullable() })
      .nullable(),
    payments: z.object({ count: z.number().int(), last30DaysTotal: z.number().int(), currency: z.string() }),
    aiActivity: z.object({ last7Days: z.number().int() }),
    services: z.array(
      z.object({ id: z.string(), name: z.string(), price: z.number().int(), durationMinutes: z.number().int(), isActive: z.boolean() }),
    ),
    staff: z.array(z.object({ id: z.string(), displayName: z.string(), isBookable: z.boolean() })),
    deletion: z
      .object({ scheduledAt: z.string().nullable(), dueAt: z.string(), reason: z.string().nullable(), deletedAt: z.string().nullable() })
      .nullable()
      .openapi({ description: "A scheduled deletion (design.md §25): due 30 days after scheduling unless the tenant is restored" }),
    last30Days: z
      .object({
        currency: z.string(),
        totals: ReportSummary.shape.totals,
        noShowRate: ReportSummary.shape.noShowRate,
        cancellationRate: ReportSummary.shape.cancellationRate,
      })
      .openapi({ description: "The report's totals (design.md §29) of the bookings starting in the last 30 days" }),
  })
  .openapi("TenantActivity");

export const DeletionScheduled = z
  .object({ tenantId: z.string(), scheduledAt: z.string(), dueAt: z.string(), reason: z.string() })
  .openapi("TenantDeletionScheduled");

const Probe = z.object({ ok: z.boolean(), latencyMs: z.number() });
const JobsCheck = z.object({
  ok: z.boolean().openapi({ description: "False when a job has been due for more than 10 minutes" }),
  pending: z.number().int().openapi({ description: "Jobs of every kind that are due and waiting" }),
  oldestPendingSeconds: z.number().int().openapi({ description: "How long the oldest of them has been due (0 when none)" }),
  failedLast24h: z.number().int(),
});
const CronCheck = z.object({
  ok: z.boolean().openapi({ description: "True while the last run started under 180 s ago" }),
  lastRunAt: z.string().nullable(),
  lagSeconds: z.number().int().nullable(),
});
export const Health = z
  .object({
    status: z.enum(["ok", "degraded"]).openapi({ description: "degraded: the cron is late or a job backlog is older than 10 minutes" }),
    version: z.string().openapi({ description: "The deployed commit (VERSION), else the Worker version id" }),
    checks: z.object({ database: Probe, sessionStore: Probe, jobs: JobsCheck, cron: CronCheck }),
  })
  .openapi("Health");

export const ImpersonationStarted = z
  .object({ token: z.string(), sessionId: z.string(), expiresAt: z.string(), tenantId: z.string() })
  .openapi("ImpersonationStarted");
