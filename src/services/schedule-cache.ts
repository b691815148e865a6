import type { Query } from "drizzle-orm/sql";
import type { ClosureRow, StaffPlan } from "../domain/schedule";
import type { ResourceNeeds } from "../domain/busy";
import type { MergedBusy } from "../domain/slots";
import type { ServiceRow, StaffRow } from "./bookings/scope";

/**
 * Decoded schedules kept per isolate (design.md §16, docs/benchmarks.md). Availability's one
 * statement sends the copy's tenant id and `schedule_version`; while both still match, the
 * database skips the service, staff and schedule subqueries and answers NULLs, and the copy is
 * used. Triggers give the version a new value on every write that can change a slot
 * (drizzle/0010), in the writing transaction, so a copy is used only when it is exactly what the
 * database would answer in that same statement: a booking made a moment ago is never offered.
 *
 * This is a cache of work, not of truth: the tenant row (zone, rules, suspension) is read fresh on
 * every request, and results that depend on the clock (today, the notice window, the horizon) are
 * computed fresh; only per-date results whose every start lies past the notice limit are memoised.
 */

export type CachedSchedule = {
  tenantId: string;
  version: number;
  /** The statement that confirms this copy (or reads afresh), rendered once when the copy was made. */
  check: Query;
  service: ServiceRow;
  staff: StaffRow[];
  /** One per staff member, in display order, with its busy time merged once. */
  planned: { plan: StaffPlan; busy: MergedBusy }[];
  /** design.md §26: per resource type the service needs, its resources' merged busy time ([] = none needed). */
  resources: ResourceNeeds;
  closures: ClosureRow[];
  /** Per `timezone|date` results that do not depend on the clock (filled by the reads). */
  memo: Map<string, unknown>;
  /** Approximate bytes held, for the budget. */
  weight: number;
};

/**
 * Bytes one isolate may spend on copies (a Worker isolate has 128 MB). A one-date copy for ten
 * staff members weighs about 10 KB, for one about 2 KB, a 42-date copy of a busy salon about 45 KB.
 */
const BUDGET_BYTES = 24 * 1024 * 1024;
const MAX_ENTRIES = 16_384;

/**
 * What an entry costs, roughly: its busy spans (two doubles each), a share per staff member
 * (hours, overrides), its statement's parameters, and its memo: per date a small result with its
 * key (about 180 bytes), and for the days range the whole answer's arrays and its JSON text
 * (about 80 more).
 */
export const MEMO_BYTES_PER_DATE = 256;

export function scheduleWeight(planned: CachedSchedule["planned"], dates: number, resources: ResourceNeeds = []): number {
  let w = 1024 + dates * MEMO_BYTES_PER_DATE;
  for (const p of planned) w += 384 + p.busy.starts.length * 16;
  for (const type of resources) for (const busy of type) w += 128 + busy.starts.length * 16;
  return w;
}

const statementTexts = new Map<string, string>();
/**
 * The statement with its text shared by every copy of the same shape (the text carries no
 * values: a few kilobytes each copy need not hold on its own).
 */
export function sharedText(q: Query): Query {
  let text = statementTexts.get(q.sql);
  if (text === undefined) {
    if (statementTexts.size >= 256) statementTexts.clear();
    statementTexts.set(q.sql, q.sql);
    text = q.sql;
  }
  return { sql: text, params: q.params };
}

/** Least recently used first (a Map keeps insertion order; a hit is re-inserted). */
export class ScheduleCache {
  private entries = new Map<string, CachedSchedule>();
  private bytes = 0;

  constructor(
    private readonly budget = BUDGET_BYTES,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get(key: string): CachedSchedule | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, entry: CachedSchedule) {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.weight;
    this.evict();
  }

  get size() {
    return this.entries.size;
  }

  private delete(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.weight;
  }

  private evict() {
    while (this.entries.size > 1 && (this.bytes > this.budget || this.entries.size > this.maxEntries)) {
      this.delete(this.entries.keys().next().value as string);
    }
  }
}

/**
 * The isolate's copies. Module scope on purpose, like the zone table (domain/time.ts): an isolate
 * serves many requests, and every copy is validated against the database before each use.
 */
export const scheduleCache = new ScheduleCache();
