/**
 * Every request limit can be changed by the operator with one variable (campus networks
 * and carrier-grade NAT put thousands behind one address; a site knows its own crowd):
 *
 *   RATE_LIMITS="register=30/600,search=120/60"
 *
 * Each item is `<name>=<max>/<window seconds>`; the names and defaults are listed in the README
 * (section 安全) and in server/lib/rate-limits.ts and operation-limits.ts. Read once at start; a
 * malformed item stops the start with a message naming it, rather than running with a limit the
 * operator did not mean.
 */
export interface LimitSetting {
  max: number;
  windowSeconds: number;
}

/** Parses RATE_LIMITS; throws naming the first malformed item. */
export function parseLimitOverrides(raw: string | undefined): Map<string, LimitSetting> {
  const map = new Map<string, LimitSetting>();
  for (const item of (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z][a-z-]*)=(\d+)\/(\d+)$/.exec(item);
    if (!m || Number(m[3]) < 1) {
      throw new Error(`RATE_LIMITS 中的「${item}」格式不对：应为 名称=次数/秒数，例如 search=120/60`);
    }
    map.set(m[1], { max: Number(m[2]), windowSeconds: Number(m[3]) });
  }
  return map;
}

const overrides = parseLimitOverrides(process.env.RATE_LIMITS);
const known = new Set<string>();

/** The setting for limit `name`: the operator's, else the default. */
export function limitSetting(name: string, fallback: LimitSetting): LimitSetting {
  known.add(name);
  return overrides.get(name) ?? fallback;
}

/** Names in RATE_LIMITS that no limit uses (a typo): checked once every limit is defined. */
export function unknownLimitNames(): string[] {
  return [...overrides.keys()].filter((name) => !known.has(name));
}

/** "每分钟", "每 10 分钟", "每 30 秒", "每小时" for a window, in the OpenAPI sentences. */
export function windowText(seconds: number): string {
  if (seconds === 60) return "每分钟";
  if (seconds === 3600) return "每小时";
  if (seconds % 3600 === 0) return `每 ${seconds / 3600} 小时`;
  if (seconds % 60 === 0) return `每 ${seconds / 60} 分钟`;
  return `每 ${seconds} 秒`;
}
