/**
 * The zones of the businesses this isolate has seen (their `tenants.timezone`), learnt from reads
 * made anyway (the owner's membership check, a report's own statement). A route whose statement
 * needs the zone before it is sent (GET /api/reports/summary: local dates become instants) may
 * send it with the zone remembered here and must check the zone its statement read back: this is
 * a guess that saves a round trip, never the truth (a business may change its zone at any time).
 */

const MAX_ENTRIES = 10_000;
const zones = new Map<string, string>();

export function rememberZone(tenantId: string, timeZone: string): void {
  if (zones.get(tenantId) === timeZone) return;
  // A crude bound: an isolate seeing this many businesses starts over rather than keep an LRU.
  if (zones.size >= MAX_ENTRIES) zones.clear();
  zones.set(tenantId, timeZone);
}

export function knownZone(tenantId: string): string | undefined {
  return zones.get(tenantId);
}
