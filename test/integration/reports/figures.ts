import { expect } from "vitest";
import { datesBetween, expectedSummary, FROM, type Salon, TO } from "./support";

/**
 * Every figure of the report salon's March summary is the one its rows give (expectedSummary):
 * the summary route and the roll-up must answer the same, so both suites check it here.
 */
export function expectSalonFigures(s: Salon, d: { [k: string]: unknown } & { series: { period: string }[] }) {
  const want = expectedSummary(s, FROM, TO);
  expect(d.totals).toEqual(want.totals);
  expect(d.noShowRate).toBe(want.noShowRate);
  expect(d.cancellationRate).toBe(want.cancellationRate);
  expect(d.utilization).toEqual(
    want.utilization.map((u) => ({ ...u, staffName: u.staffId === s.ana.id ? s.ana.displayName : s.ben.displayName })),
  );
  expect(d.topServices).toEqual(want.services.map((x) => ({ ...x, name: x.serviceId === s.cut.id ? s.cut.name : s.colour.name })));
  expect(d.series.map((p) => p.period)).toEqual(datesBetween(FROM, TO));
  for (const p of d.series) expect(p).toEqual({ period: p.period, ...want.byDate(p.period) });
}
