import type { Rng } from "./random.ts";

/**
 * Stars a seeded repo gained in the three trending windows (get_trending since daily, weekly,
 * monthly). The windows nest, so daily ≤ weekly ≤ monthly, as real counts always do; one heat draw
 * per repo keeps a repo that trends today trending this week too. Deterministic per Rng.
 */
export function trendingWindows(rng: Rng, stars: number) {
  const heat = rng.popularity();
  const dailyStars = rng.round((stars / 3000) * heat);
  const weeklyStars = dailyStars + rng.round((stars / 600) * heat * (0.5 + rng.float()));
  const monthlyStars = weeklyStars + rng.round((stars / 150) * heat * (0.5 + rng.float()));
  return { dailyStars, weeklyStars, monthlyStars };
}
