/**
 * Booking suggestions of the public assistant (design.md §20): the model may only point at things
 * its tools returned in THIS request. Every tool result is recorded here as evidence; the model's
 * proposed suggestion is then reduced to what the evidence backs, and the slots handed to the page
 * are the tool's own slot records (never the model's text). Pure.
 */

/** A slot as one-day availability listed it; the real instants travel with it (design.md §16). */
export type EvidenceSlot = { staffId: string; staffName: string; startTime: string; endTime: string; startUtc?: string; endUtc?: string };

export type Suggestions = { serviceId: string | null; staffId: string | null; date: string | null; slots: EvidenceSlot[] };

export const EMPTY_SUGGESTIONS: Suggestions = { serviceId: null, staffId: null, date: null, slots: [] };

/** At most this many slots are suggested (the page shows them as buttons). */
export const MAX_SUGGESTED_SLOTS = 8;

export class Evidence {
  readonly services = new Set<string>();
  readonly staff = new Set<string>();
  /** `serviceId|date` -> the slots one-day availability listed. */
  readonly slots = new Map<string, EvidenceSlot[]>();
  /** `serviceId|date` of days the days range said have free times. */
  readonly openDays = new Set<string>();

  addServices(ids: string[]) {
    for (const id of ids) this.services.add(id);
  }

  addStaff(ids: string[]) {
    for (const id of ids) this.staff.add(id);
  }

  addDay(serviceId: string, date: string, slots: EvidenceSlot[]) {
    this.services.add(serviceId);
    const key = `${serviceId}|${date}`;
    const known = this.slots.get(key) ?? [];
    for (const s of slots) {
      this.staff.add(s.staffId);
      if (!known.some((k) => k.staffId === s.staffId && k.startTime === s.startTime)) known.push(s);
    }
    this.slots.set(key, known);
  }

  addOpenDays(serviceId: string, dates: string[]) {
    this.services.add(serviceId);
    for (const d of dates) this.openDays.add(`${serviceId}|${d}`);
  }
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK_RE = /^(\d{2}):(\d{2})(?::\d{2})?$/;
const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

type WantedSlot = { date: string | null; hhmm: string; staffId: string | null };

/** "17:30", "2026-03-03T17:30:00" or { startTime, staffId } -> what the model asked for. */
function wantedSlot(v: unknown): WantedSlot | null {
  const obj = v !== null && typeof v === "object" ? (v as Record<string, unknown>) : null;
  const text = obj ? str(obj.startTime ?? obj.start ?? obj.time) : str(v);
  if (!text) return null;
  const staffId = obj ? str(obj.staffId ?? obj.staffProfileId) : null;
  const full = LOCAL_RE.exec(text);
  if (full) return { date: full[1], hhmm: `${full[2]}:${full[3]}`, staffId };
  const clock = CLOCK_RE.exec(text);
  if (clock) return { date: null, hhmm: `${clock[1]}:${clock[2]}`, staffId };
  return null;
}

/**
 * The model's proposal -> the part of it the evidence backs:
 * - serviceId and staffId only if a tool returned them;
 * - date only with a backed service, and only if availability or the days range showed free times
 *   on it for that service;
 * - slots only those one-day availability listed for that service and date (and staff member, when
 *   one is suggested), as the tool's own records, at most MAX_SUGGESTED_SLOTS.
 */
export function filterSuggestions(raw: unknown, ev: Evidence): Suggestions {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { ...EMPTY_SUGGESTIONS };
  const r = raw as Record<string, unknown>;
  const serviceId = str(r.serviceId);
  const keptService = serviceId && ev.services.has(serviceId) ? serviceId : null;
  const staffId = str(r.staffId ?? r.staffProfileId);
  const keptStaff = staffId && ev.staff.has(staffId) ? staffId : null;

  const wanted = (Array.isArray(r.slots) ? r.slots : []).slice(0, 50).map(wantedSlot);
  let date = str(r.date);
  if (!date) date = wanted.find((w) => w?.date)?.date ?? null;
  if (date && !DATE_RE.test(date)) date = null;

  let keptDate: string | null = null;
  let slots: EvidenceSlot[] = [];
  if (keptService && date) {
    const key = `${keptService}|${date}`;
    const listed = (ev.slots.get(key) ?? []).filter((s) => !keptStaff || s.staffId === keptStaff);
    if (listed.length > 0 || ev.openDays.has(key)) keptDate = date;
    for (const w of wanted) {
      if (!w || (w.date && w.date !== date) || slots.length >= MAX_SUGGESTED_SLOTS) continue;
      const match = listed.find((s) => s.startTime.slice(11, 16) === w.hhmm && (!w.staffId || s.staffId === w.staffId));
      if (match && !slots.includes(match)) slots.push(match);
    }
    if (!keptDate) slots = [];
  }
  return { serviceId: keptService, staffId: keptStaff, date: keptDate, slots };
}
