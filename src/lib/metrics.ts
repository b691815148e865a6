/**
 * Workers Analytics Engine data points (design.md §24), bound as `METRICS`; without the binding
 * every call is a no-op. One dataset, two kinds of point told apart by blob1 (docs/operations.md
 * has the SQL API queries that read them):
 *
 *   request: blobs [ "request", route, method, statusClass, tenantId ]  doubles [ ms, dbRoundTrips, status ]
 *   job:     blobs [ "job", kind, outcome, tenantId, origin ]          doubles [ ms, attempts ]
 *
 * The index (the sampling key) is the route for requests and the kind for jobs, so a busy route
 * never samples away a quiet one. Writing a point never throws into the caller.
 */

/** The slice of the Analytics Engine binding we use (also what a test's recording stand-in implements). */
export type MetricsDataset = { writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void };

export type RequestPoint = { route: string; method: string; status: number; tenantId: string | null; ms: number; dbRoundTrips: number };
export type JobPoint = { kind: string; outcome: string; tenantId: string | null; origin: string; ms: number; attempts: number };

export type Metrics = { request(p: RequestPoint): void; job(p: JobPoint): void };

export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

function write(dataset: MetricsDataset, point: Parameters<MetricsDataset["writeDataPoint"]>[0]) {
  try {
    dataset.writeDataPoint(point);
  } catch {
    // A metrics outage must never fail a request or a job; the log line still says what happened.
  }
}

export function metricsFrom(dataset: MetricsDataset | undefined): Metrics {
  if (!dataset) return NO_METRICS;
  return {
    request: (p) =>
      write(dataset, {
        blobs: ["request", p.route, p.method, statusClass(p.status), p.tenantId ?? ""],
        doubles: [p.ms, p.dbRoundTrips, p.status],
        indexes: [p.route.slice(0, 96)],
      }),
    job: (p) =>
      write(dataset, {
        blobs: ["job", p.kind, p.outcome, p.tenantId ?? "", p.origin],
        doubles: [p.ms, p.attempts],
        indexes: [p.kind.slice(0, 96)],
      }),
  };
}

export const NO_METRICS: Metrics = { request: () => {}, job: () => {} };
