/**
 * The emoji barrage of spec §4: which kind a posted text asks for, and where its items fly.
 * Pure functions; the overlay itself is app/components/shell/barrage.tsx.
 */

/** Spec §4: the three kinds. `up` is the thumbs-up. */
export type BarrageType = "233" | "666" | "up";

/** Spec §9: the barrage shows for 6100 ms (every item lands inside it). */
export const BARRAGE_MS = 6100;

/**
 * The triggers, tried together so the leftmost one in the text wins:
 * - `233` and `666` only as a whole run of digits, with longer laughs and cheers counted too
 *   (2333, 6666…), so a port, a price or a year ("端口 12330", "1666 年") does not set it off;
 * - the words for cow and like: 牛 (so 牛逼, 牛啊), 🐮, 赞, 👍 (with or without a skin tone).
 * Text is NFKC-normalized first, so full-width digits (２３３) count as digits.
 */
const TRIGGER = /(?<!\d)(23{2,})(?!\d)|(?<!\d)(6{3,})(?!\d)|(牛|赞|\u{1F42E}|\u{1F44D})/u;

/** The barrage kind a posted text asks for, or null when it has none of the triggers. */
export function barrageType(text: string): BarrageType | null {
  const match = TRIGGER.exec(text.normalize("NFKC"));
  if (!match) return null;
  if (match[1]) return "233";
  if (match[2]) return "666";
  return "up";
}

/** One floating item: its lane (0-based), when it starts and how long it flies, in ms. */
export interface BarrageItem {
  lane: number;
  delay: number;
  duration: number;
}

export const BARRAGE_ITEMS = 20;
export const BARRAGE_LANES = 8;
const FLIGHT_MIN_MS = 3200;
const FLIGHT_SPREAD_MS = 500;
/** Items of one lane start this far apart (less the jitter), so one never runs into the next. */
const SLOT_MS = 700;
const JITTER_MS = 100;
/** Same-lane items start at least this far apart. */
export const BARRAGE_LANE_GAP_MS = SLOT_MS - JITTER_MS;

/**
 * Where ~20 items fly: lanes taken in turn (so no lane is crowded); each lane has one speed (a
 * flight of 3.2–3.7 s) and its own start offset, and its items follow each other a slot apart, so
 * items of a lane never overlap. Every item has crossed the screen by BARRAGE_MS.
 * `random` returns [0, 1) like Math.random; injected for tests.
 */
export function barrageItems(random: () => number = Math.random): BarrageItem[] {
  const lanes = Array.from({ length: BARRAGE_LANES }, () => ({
    duration: FLIGHT_MIN_MS + Math.round(random() * FLIGHT_SPREAD_MS),
    offset: Math.floor(random() * SLOT_MS),
  }));
  const firstLane = Math.floor(random() * BARRAGE_LANES);
  const items: BarrageItem[] = [];
  for (let i = 0; i < BARRAGE_ITEMS; i++) {
    // 3 and 8 share no factor: every run of 8 items visits each lane once.
    const lane = (firstLane + i * 3) % BARRAGE_LANES;
    const round = Math.floor(i / BARRAGE_LANES);
    items.push({
      lane,
      delay: round * SLOT_MS + lanes[lane].offset + Math.floor(random() * JITTER_MS),
      duration: lanes[lane].duration,
    });
  }
  return items;
}
