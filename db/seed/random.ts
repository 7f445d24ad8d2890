// A small seeded PRNG and the sampling helpers the seed needs. Everything the seed makes, ids
// included, comes from here, so the same seed (and `now`) gives the same database.

/** mulberry32: a fast 32-bit generator, good enough for fake data. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next();
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  /** Index in [0, n) skewed toward 0: exponent > 1 favours the first items. */
  skewed(n: number, exponent: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), exponent)));
  }

  /** A heavy-tailed positive number with mean ≈ 1 (popularity of an entry, a pin …). */
  popularity(): number {
    // (−ln u)^1.5 has mean Γ(2.5) ≈ 1.329.
    return Math.pow(-Math.log(1 - this.next()), 1.5) / 1.329;
  }

  /** Rounds x up or down at random so that the expected value is x. */
  round(x: number): number {
    const f = Math.floor(x);
    return f + (this.next() < x - f ? 1 : 0);
  }

  /**
   * k distinct integers from [0, n): a random start and a random stride coprime with n walk the
   * range without repeats, in O(k) whatever n is.
   */
  distinct(n: number, k: number): number[] {
    k = Math.min(k, n);
    if (k <= 0) return [];
    const start = this.int(n);
    let step = 1 + this.int(Math.max(1, n - 1));
    while (gcd(step, n) !== 1) step = (step % n) + 1;
    const out = new Array<number>(k);
    for (let i = 0; i < k; i++) out[i] = (start + i * step) % n;
    return out;
  }

  /** A time between two dates; `skew` > 1 puts most of them near `to`. */
  dateBetween(from: Date, to: Date, skew = 1): Date {
    const span = to.getTime() - from.getTime();
    if (span <= 0) return new Date(to.getTime());
    return new Date(to.getTime() - Math.floor(span * Math.pow(this.next(), skew)));
  }

  /** 8 random hex digits. */
  hex8(): string {
    return Math.floor(this.next() * 4294967296)
      .toString(16)
      .padStart(8, "0");
  }

  /**
   * A 24-hex id in the layout of server/lib/ids.ts (4 bytes of seconds first, so ids sort by
   * time), with the other 8 bytes from this generator instead of crypto so seeds repeat.
   */
  id(date: Date): string {
    const seconds = Math.floor(date.getTime() / 1000);
    return seconds.toString(16).padStart(8, "0") + this.hex8() + this.hex8();
  }
}

/** The seed number from any string or number (so `--seed demo` works too). */
export function seedNumber(seed: number | string): number {
  if (typeof seed === "number" && Number.isFinite(seed)) return seed >>> 0;
  let h = 2166136261;
  for (const ch of String(seed)) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}
