// Apart from barrage.tsx so the shell can decide to start a run without loading the barrage itself.
import { barrageItems, barrageType, type BarrageItem, type BarrageType } from "~/lib/barrage";

/** One showing of the barrage; a new id restarts it. */
export interface BarrageRun {
  id: number;
  type: BarrageType;
  items: BarrageItem[];
}

let nextRunId = 1;

/**
 * The run a posted text asks for, or null: no trigger in it, or the reader asked the system for
 * reduced motion (then there is nothing to show at all, rather than a still wall of 666).
 */
export function startBarrage(text: string): BarrageRun | null {
  const type = barrageType(text);
  if (!type) return null;
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return null;
  return { id: nextRunId++, type, items: barrageItems() };
}
