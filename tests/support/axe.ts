import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One violation as axe-core reports it, with the fields the browser tests read. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; any: { message: string }[] }[];
}

/**
 * axe-core over `page` as it is now, run with `options` (its `axe.run` options) once the page's
 * finite animations have ended: colours mid-fade (a dialog opening) are not the ones a reader reads.
 */
export async function axeViolations(page: Page, options: object): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished),
    ),
  );
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  return page.evaluate(async (opts) => {
    const result = await (window as any).axe.run(document, opts);
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n: any) => ({
        target: n.target,
        any: n.any.map((c: any) => ({ message: c.message })),
      })),
    }));
  }, options);
}
