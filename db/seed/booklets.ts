import { bills, bookletSections, booklets, orders, wallets } from "../schema/index.ts";
import { CATEGORY_ID } from "../reference-data.ts";
import { BOOKLETS, TOPICS } from "./corpus.ts";
import { DAY, HOUR, type Row, type Seeding } from "./context.ts";
import { insertComments, makeComments, type GeneratedComment } from "./comments.ts";
import { insertRows } from "./insert-rows.ts";
import { articleMarkdown, svgDataUrl } from "./text.ts";
import { walletsFor } from "./wallet.ts";

/**
 * Booklets (the demo writes two, and one unfinished draft) with their sections, orders, the
 * authors' income bills, comments, and the wallets that income fills (wallet.ts).
 */
export async function seedBooklets(seeding: Seeding): Promise<void> {
  const { db, rng, now, userCount, progress, later, demo, userAt, xiaoceAuthors, distinctUsers } = seeding;
  const bookletCount = Math.min(BOOKLETS.length, Math.max(3, Math.round(userCount / 10)));
  progress("booklets", 0, bookletCount);
  const bookletRows: Row<typeof booklets>[] = [];
  const sectionRows: Row<typeof bookletSections>[] = [];
  const orderRows: Row<typeof orders>[] = [];
  const billRows: Row<typeof bills>[] = [];
  const bookletComments: GeneratedComment[] = [];
  const prices = [990, 1990, 2990, 3990, 4990, 5990];
  const coverColours: [string, string][] = [
    ["#1e80ff", "#69c0ff"],
    ["#722ed1", "#b37feb"],
    ["#fa541c", "#ffc069"],
    ["#13c2c2", "#5cdbd3"],
  ];
  for (let b = 0; b <= bookletCount; b++) {
    // The last one is the demo's unfinished draft.
    const isDemoDraft = b === bookletCount;
    const spec = isDemoDraft
      ? {
          title: "TypeScript 全栈开发（编写中）",
          category: "frontend",
          kw: "TypeScript 类型体操",
          summary: "还在写，敬请期待。",
        }
      : BOOKLETS[b];
    const topic = TOPICS.find((t) => t.kw === spec.kw) ?? TOPICS[0];
    const author = b < 2 || isDemoDraft ? demo : userAt(xiaoceAuthors[rng.int(xiaoceAuthors.length)]);
    const createdAt = rng.dateBetween(
      new Date(Math.max(author.createdAt.getTime(), now.getTime() - 400 * DAY)),
      new Date(now.getTime() - 7 * DAY),
    );
    const id = rng.id(createdAt);
    const price = rng.pick(prices);
    const sectionTitles = [
      `开篇：为什么要学 ${topic.kw}`,
      ...topic.points.map((p) => p),
      "实战项目",
      "结语与展望",
    ].slice(0, isDemoDraft ? 3 : rng.range(6, 9));
    sectionTitles.forEach((title, order) => {
      const at = new Date(createdAt.getTime() + order * HOUR);
      sectionRows.push({
        id: rng.id(at),
        bookletId: id,
        title,
        content: articleMarkdown(rng, topic),
        isFree: order < 2,
        isHot: order === 2,
        order,
        createdAt: at,
        updatedAt: at,
      });
    });
    let buyCount = 0;
    if (!isDemoDraft) {
      const buyers = distinctUsers(
        Math.min(userCount - 1, rng.round(userCount * 0.08 * rng.popularity()) + 1),
        author.id,
      );
      if (author.id !== demo.id && b < 6 && !buyers.includes(demo)) buyers.push(demo);
      for (const u of buyers) {
        const at = later(createdAt);
        const status =
          u === demo
            ? "paid"
            : rng.pick(["paid", "paid", "paid", "paid", "paid", "paid", "pending", "closed"] as const);
        const orderId = rng.id(at);
        orderRows.push({
          id: orderId,
          userId: u.id,
          bookletId: id,
          amount: price,
          status,
          payType: rng.chance(0.6) ? "wxpay" : "alipay",
          createdAt: at,
          paidAt: status === "paid" ? new Date(at.getTime() + 60_000) : null,
        });
        if (status === "paid") {
          buyCount++;
          billRows.push({
            id: rng.id(at),
            userId: author.id,
            amount: Math.round(price * 0.7),
            type: "income",
            status: "succeeded",
            description: `《${spec.title}》销售收入`,
            orderId,
            createdAt: at,
            updatedAt: at,
          });
        }
      }
      bookletComments.push(
        ...makeComments(seeding, "booklet", id, author.id, createdAt, rng.range(0, 6), topic, null),
      );
    }
    bookletRows.push({
      id,
      userId: author.id,
      categoryId: CATEGORY_ID[spec.category],
      title: spec.title,
      summary: spec.summary,
      price,
      cover: svgDataUrl(300, 420, spec.title.slice(0, 10), rng.pick(coverColours)),
      isHot: b < 3 && !isDemoDraft,
      isDraft: isDemoDraft,
      isFinished: !isDemoDraft && rng.chance(0.7),
      sectionsCount: sectionTitles.length,
      buyCount,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const walletRows = walletsFor(seeding, billRows);
  await insertRows(db, booklets, bookletRows);
  await Promise.all([insertRows(db, bookletSections, sectionRows), insertRows(db, orders, orderRows)]);
  await Promise.all([insertRows(db, wallets, walletRows), insertRows(db, bills, billRows)]);
  await insertComments(db, bookletComments);
  progress("booklets", bookletCount, bookletCount);
}
