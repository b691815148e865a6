import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { ARTIFACTS } from "./browser";

const axeSource = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) in the page as it is now and returns the
 * serious and critical violations. axe is evaluated through the DevTools protocol, so the page's
 * CSP (script-src 'self') stays exactly as served.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // axe-core is ~550 KB of script: parse it once per document, not once per check of the same page.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** A readable list of violations for an assertion message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")}`)
    .join("\n");
}

/** The page as it is now has no serious or critical axe violation; a failure lists them. */
export async function axeClean(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** axeClean, then the page's full-page screenshot `name`: a state of a page worth looking at. */
export async function axeCleanShot(page: Page, name: string) {
  await axeClean(page);
  await screenshot(page, name);
}

/** A full-page screenshot kept in test/artifacts/pages/ (git-ignored), to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(ARTIFACTS, "pages");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Keyboard focus is visible: the focused element draws a ring (box-shadow) or an outline. */
export async function focusIsVisible(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return style.boxShadow !== "none" || (style.outlineStyle !== "none" && style.outlineWidth !== "0px");
  });
}
