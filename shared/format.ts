/**
 * Display formatters both the pages and the server's presenters may use (spec §9).
 */

const THOUSAND = 1_000;
const MILLION = 1_000_000;

/**
 * Big counts: above 1000 one decimal + "K" (1234 → "1.2K"), from 1,000,000 one decimal + "M".
 * The decimal is cut, not rounded, so a shown count never exceeds the real one and 999,999 reads
 * "999.9K" rather than "1000.0K". Exactly 1,000,000 reads "1.0M" for the same reason.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const whole = Math.trunc(n);
  if (whole >= MILLION) return `${cutOneDecimal(whole, MILLION)}M`;
  if (whole > THOUSAND) return `${cutOneDecimal(whole, THOUSAND)}K`;
  return String(whole);
}

/** whole / unit with one decimal, truncated, computed in integers to dodge float drift. */
function cutOneDecimal(whole: number, unit: number): string {
  const tenths = Math.floor(whole / (unit / 10));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [YEAR, "年"],
  [MONTH, "个月"],
  [DAY, "天"],
  [HOUR, "小时"],
  [MINUTE, "分钟"],
];

/**
 * "刚刚" within 60 s (future times included: clocks drift), else the largest whole unit:
 * "3年前", "2个月前", "5天前", "4小时前", "12分钟前".
 */
export function relativeTime(date: Date | string | number, now: Date | number = Date.now()): string {
  const then = date instanceof Date ? date.getTime() : new Date(date).getTime();
  const current = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(then) || !Number.isFinite(current)) return "";
  const diff = current - then;
  if (diff < MINUTE) return "刚刚";
  for (const [size, label] of UNITS) {
    if (diff >= size) return `${Math.floor(diff / size)}${label}前`;
  }
  return "刚刚";
}

/**
 * A moment as Beijing time ("2026/11/24 08:05:09"), whatever the zone of the machine: the server
 * renders it and the browser hydrates the same text.
 */
export function beijingTime(date: Date | string | number): string {
  return new Date(date).toLocaleString("zh-CN", { hour12: false, timeZone: "Asia/Shanghai" });
}
