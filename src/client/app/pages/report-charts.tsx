// The reports page's bar charts (design.md §29), drawn with uPlot: small (about 23 KB gzipped),
// maintained, canvas-based, and imported by this page's module only. A chart is a picture for
// sighted readers; its numbers are always in a table beside it (the Figure component).
import type { Child } from "hono/jsx";
import { useEffect, useRef, useState } from "hono/jsx/dom";
import uPlot from "uplot";
import { t } from "../shell/i18n";

export type BarSeries = { label: string; values: number[]; color: "accent" | "warning" | "info" };

const COLOR_TOKENS = { accent: "--accent", warning: "--color-warning", info: "--color-info" } as const;

/** A design token's value (tokens.css), so the canvas uses the page's colours and type. */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * Vertical bars over categories (`ticks` under them), or horizontal ones (`horizontal`: a row
 * per category, for names that need room). Later series are drawn narrower over earlier ones,
 * so a part (no-shows) shows inside its whole (bookings). Resizes with its box.
 */
export function BarChart(p: {
  ticks: string[];
  series: BarSeries[];
  horizontal?: boolean;
  format?: (v: number) => string;
  height?: number;
  /** The value axis reaches at least this far (100 for percentages: 1 % is a short bar). */
  top?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !p.ticks.length) return;
    const n = p.ticks.length;
    const xs = p.ticks.map((_, i) => i);
    const height = p.height ?? (p.horizontal ? n * 40 + 40 : 240);
    const text = token("--color-text-muted");
    const grid = token("--color-border");
    // Canvas text takes a pixel size: the token's rem in the root's pixels.
    const rootPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const font = `${Math.round((Number.parseFloat(token("--text-xs")) || 0.75) * rootPx)}px ${token("--font-sans") || "sans-serif"}`;
    const format = p.format ?? ((v: number) => String(v));
    const category: uPlot.Axis = {
      stroke: text,
      font,
      grid: { show: false },
      ticks: { show: false },
      // Every category on a horizontal chart (a row each); under vertical bars, as many ticks as fit.
      splits: (u) => {
        if (p.horizontal) return xs;
        const labelPx = Math.max(...p.ticks.map((t) => t.length)) * 7 + 12;
        const every = Math.max(1, Math.ceil((n * labelPx) / (u.bbox.width / devicePixelRatio || 1)));
        return xs.filter((i) => i % every === 0);
      },
      values: (_u, splits) => splits.map((i) => p.ticks[i] ?? ""),
      size: p.horizontal ? Math.min(160, Math.max(...p.ticks.map((t) => t.length)) * 7 + 16) : 36,
      gap: 6,
    };
    const value: uPlot.Axis = {
      stroke: text,
      font,
      grid: { stroke: grid, width: 1 },
      ticks: { show: false },
      // Counts and percentages: whole-number steps only.
      incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000],
      values: (_u, splits) => splits.map((v) => format(v)),
      size: p.horizontal ? 32 : 56,
    };
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x: { time: false, range: [-0.5, n - 0.5], ori: p.horizontal ? 1 : 0, dir: p.horizontal ? -1 : 1 }, // first category on top
        y: { range: (_u, _min, max) => [0, Math.max(p.top ?? 0, max > 0 ? max * 1.1 : 1)], ori: p.horizontal ? 0 : 1, dir: 1 },
      },
      axes: p.horizontal
        ? [
            { ...category, side: 3 },
            { ...value, side: 2 },
          ]
        : [category, value],
      series: [
        {},
        ...p.series.map((s, i) => ({
          label: s.label,
          fill: token(COLOR_TOKENS[s.color]),
          stroke: token(COLOR_TOKENS[s.color]),
          width: 0,
          paths: uPlot.paths.bars?.({ size: i === 0 ? [0.7, 72] : [0.35, 36], align: 0 }),
          points: { show: false },
        })),
      ],
    };
    const chart = new uPlot(opts, [xs, ...p.series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [JSON.stringify(p.ticks), JSON.stringify(p.series), p.horizontal]);
  return <div class="chart" ref={box} aria-hidden="true" />;
}

/**
 * A chart with its numbers: the table stays in the page for screen readers (the canvas says
 * nothing to them) and shows for everyone with "Show the numbers" (`tableAlways`: always shown).
 */
export function Figure(p: { id: string; title: string; chart: Child; table: Child; tableAlways?: boolean; chartKey?: BarSeries[] }) {
  const [open, setOpen] = useState(Boolean(p.tableAlways));
  return (
    <section class="panel report-figure" aria-labelledby={`${p.id}-title`}>
      <div class="report-figure-head">
        <h2 id={`${p.id}-title`}>{p.title}</h2>
        {p.tableAlways ? null : (
          <button
            type="button"
            class="link-button"
            aria-expanded={open ? "true" : "false"}
            aria-controls={`${p.id}-table`}
            onClick={() => setOpen(!open)}
          >
            {open ? t("rep.hideNumbers") : t("rep.showNumbers")}
          </button>
        )}
      </div>
      {p.chart}
      {p.chartKey ? (
        <p class="chart-key muted small" aria-hidden="true">
          {p.chartKey.map((k) => (
            <span class="chart-key-item">
              <span class={`key key-${k.color}`} />
              {k.label}
            </span>
          ))}
        </p>
      ) : null}
      {/* Shown, a wide table scrolls sideways: its box takes keyboard focus so it scrolls without a mouse. */}
      {open ? (
        <div id={`${p.id}-table`} class="table-wrap" tabindex={0} role="region" aria-labelledby={`${p.id}-title`}>
          {p.table}
        </div>
      ) : (
        <div id={`${p.id}-table`} class="visually-hidden">
          {p.table}
        </div>
      )}
    </section>
  );
}
