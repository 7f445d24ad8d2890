import { repos, showcaseRepos, showcases } from "../schema/index.ts";
import { LANGUAGE_COLOURS, REPOS, SHOWCASES, TOPICS } from "./corpus.ts";
import { DAY, HOUR, type Row, type Seeding } from "./context.ts";
import { insertComments, makeComments, type GeneratedComment } from "./comments.ts";
import { insertRows } from "./insert-rows.ts";
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

/** The repos of the corpus (with translations, languages and comments) and the showcases that group them. */
export async function seedRepos(seeding: Seeding): Promise<void> {
  const { db, rng, now, progress, demo, distinctUsers } = seeding;
  progress("repos", 0, REPOS.length);
  const repoRows: Row<typeof repos>[] = [];
  const repoComments: GeneratedComment[] = [];
  const repoIdByName = new Map<string, string>();
  for (const r of REPOS) {
    const createdAt = rng.dateBetween(
      new Date(now.getTime() - 700 * DAY),
      new Date(now.getTime() - 30 * DAY),
    );
    const id = rng.id(createdAt);
    repoIdByName.set(r.name, id);
    const [owner] = r.name.split("/");
    const main = r.language ? rng.range(55, 95) : 0;
    let rest = 100 - main;
    const shares = [
      r.language ? { title: r.language, share: main } : null,
      ...r.others.map((title, i) => {
        const share =
          i === r.others.length - 1 ? rest : Math.round(rest * (0.4 + rng.float() * 0.4) * 10) / 10;
        rest = Math.round((rest - share) * 10) / 10;
        return { title, share };
      }),
    ].filter((s): s is { title: string; share: number } => !!s && s.share >= 0.1);
    const totalLines = rng.range(50_000, 3_000_000);
    const languageList = shares
      .map((s) => ({
        title: s.title,
        lineCount: Math.round((totalLines * s.share) / 100),
        colour: LANGUAGE_COLOURS[s.title] ?? "#cccccc",
        proportion: Math.round(s.share * 10) / 10,
      }))
      .sort((a, b) => b.proportion - a.proportion);
    const topic = rng.pick(TOPICS);
    repoComments.push(...makeComments(seeding, "repo", id, demo.id, createdAt, rng.range(0, 5), topic, null));
    repoRows.push({
      id,
      originalId: String(rng.range(1_000_000, 900_000_000)),
      url: `https://github.com/${r.name}`,
      name: r.name,
      description: r.description,
      language: r.language,
      colour: LANGUAGE_COLOURS[r.language] ?? "",
      watchCount: Math.round(r.stars / rng.range(20, 40)),
      starCount: r.stars,
      forkCount: Math.round(r.stars / rng.range(4, 9)),
      ...trendingWindows(rng, r.stars),
      readme:
        `# ${r.name.split("/")[1]}\n\n${r.translation}\n\n## 特性\n\n- 开箱即用\n- 活跃的社区\n- 完善的文档\n\n` +
        "## 快速开始\n\n```bash\ngit clone " +
        `https://github.com/${r.name}.git` +
        "\n```\n",
      translatorIdList: distinctUsers(rng.range(1, 5)).map((u) => u.id),
      translation: { title: r.name.split("/")[1], description: r.translation },
      languageList,
      license: { name: r.license, url: `https://choosealicense.com/licenses/${r.license.toLowerCase()}/` },
      owner: { username: owner, avatar: "", url: `https://github.com/${owner}` },
      commentsCount: repoComments.filter((c) => c.row.targetId === id && !c.row.deletedAt).length,
      commitedAt: new Date(now.getTime() - rng.range(1, 72) * HOUR),
      createdAt,
      updatedAt: createdAt,
    });
  }
  const showcaseRows: Row<typeof showcases>[] = [];
  const showcaseRepoRows: Row<typeof showcaseRepos>[] = [];
  SHOWCASES.forEach((s, order) => {
    const createdAt = new Date(now.getTime() - (60 - order) * DAY);
    const id = rng.id(createdAt);
    const repoIds = s.repos.map((name) => repoIdByName.get(name)!);
    repoIds.forEach((repoId, i) => showcaseRepoRows.push({ showcaseId: id, repoId, order: i }));
    const langs = new Set(
      s.repos.map((name) => REPOS.find((r) => r.name === name)!.language).filter(Boolean),
    );
    showcaseRows.push({
      id,
      url: `/repos?showcase=${id}`,
      title: s.title,
      description: s.description,
      repoCount: repoIds.length,
      langCount: langs.size,
      order,
      createdAt,
      updatedAt: createdAt,
    });
  });
  await insertRows(db, repos, repoRows);
  await insertRows(db, showcases, showcaseRows);
  await insertRows(db, showcaseRepos, showcaseRepoRows);
  await insertComments(db, repoComments);
  progress("repos", REPOS.length, REPOS.length);
}
