import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { NuggetApp } from "../../app.ts";
import { useTestApp, withPageCache } from "../../../tests/support/app.ts";
import { call } from "../../../tests/support/client.ts";
import { makeArticle, makeBooklet, makeEntry, makeTag, makeUser } from "../../../tests/support/factories.ts";
import { entrySitemap } from "../entries/index.ts";

let nugget: NuggetApp;
// The page cache on, as deployed: feeds are cached like the lists they follow, and purged with them.
useTestApp((n) => (nugget = n), withPageCache());

const db = () => nugget.database.db;
const get = (url: string) => nugget.app.inject({ method: "GET", url });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (n) => ["entry", "item", "category", "link", "url", "sitemap"].includes(n),
});

/** Asserts well-formed XML and answers it parsed. */
function xml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

/** An author with a share (tagged, a title that needs escaping, a control character) and a column article. */
async function author() {
  const u = await makeUser(nugget);
  const tag = await makeTag(db());
  const share = await makeEntry(
    db(),
    u.user.id,
    {
      title: `<Rust> & "Go" 的对比\u0007`,
      originalUrl: "https://example.com/rust-go?a=1&b=2",
      summary: "摘要 <b>",
    },
    [tag.id],
  );
  const { post } = await makeArticle(nugget, u.auth, { title: "专栏：性能优化" }, { tagIds: [tag.id] });
  return { u, tag, share, post };
}

describe("feeds", () => {
  it("answers a user's feed as Atom: both kinds of entry at their addresses, text escaped, well-formed", async () => {
    const { u, tag, share, post } = await author();
    const res = await get(`/feeds/user/${u.user.id}.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const { feed } = xml(res.body);
    const base: string = feed.link.find((l: any) => l["@rel"] === "self")["@href"];
    expect(base).toMatch(new RegExp(`/feeds/user/${u.user.id}\\.xml$`));
    const origin = base.slice(0, base.indexOf("/feeds/"));
    expect(feed.title).toContain(u.user.username);
    expect(feed.link.map((l: any) => l["@type"])).toContain("application/rss+xml");
    expect(feed.entry).toHaveLength(2);
    const [first, second] = feed.entry;
    // Newest first: the article was published after the share.
    expect(first.id).toBe(`${origin}/post/${post.id}`);
    expect(first.title).toBe("专栏：性能优化");
    expect(first.link).toHaveLength(1);
    expect(second.id).toBe(`${origin}/entry/${share.id}`);
    expect(second.title).toBe(`<Rust> & "Go" 的对比`);
    expect(second.link.map((l: any) => l["@href"])).toEqual([
      `${origin}/entry/${share.id}`,
      "https://example.com/rust-go?a=1&b=2",
    ]);
    expect(second.summary).toBe("摘要 <b>");
    expect(second.author).toEqual({ name: u.user.username, uri: `${origin}/user/${u.user.id}` });
    expect(second.category.map((c: any) => c["@term"])).toEqual([tag.title]);
    expect(Date.parse(feed.updated)).toBeGreaterThan(0);
  });

  it("answers the same feed as RSS 2.0, and a tag's feed by its title in any case", async () => {
    const { u, tag, share, post } = await author();
    const res = await get(`/feeds/user/${u.user.id}.rss`);
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const { rss } = xml(res.body);
    expect(rss["@version"]).toBe("2.0");
    const items = rss.channel.item;
    expect(items.map((i: any) => i.link[0].replace(/^.*\/(post|entry)\//, "$1:"))).toEqual([
      `post:${post.id}`,
      `entry:${share.id}`,
    ]);
    expect(new Date(items[0].pubDate).getTime()).toBeGreaterThan(0);

    const tagged = await get(`/feeds/tag/${encodeURIComponent(tag.title.toUpperCase())}.xml`);
    expect(tagged.statusCode).toBe(200);
    const { feed } = xml(tagged.body);
    expect(feed.title).toContain(tag.title);
    expect(feed.entry.map((e: any) => e.id.replace(/^.*\//, ""))).toEqual([post.id, share.id]);
  });

  it("answers the site's feeds, and 404 or 400 for what does not exist", async () => {
    for (const name of ["newest", "hot", "column"]) {
      for (const ext of ["xml", "rss"]) {
        const res = await get(`/feeds/${name}.${ext}`);
        expect(res.statusCode, `${name}.${ext}`).toBe(200);
        xml(res.body);
      }
    }
    const column = xml((await get("/feeds/column.xml")).body).feed;
    for (const e of column.entry ?? []) expect(e.id).toMatch(/\/post\/[0-9a-f]{24}$/);

    expect((await get("/feeds/tag/没有这个标签zz.xml")).statusCode).toBe(404);
    expect((await get(`/feeds/user/${"0".repeat(24)}.xml`)).statusCode).toBe(404);
    const bad = await call(nugget.app, "GET", "/feeds/oldest.xml");
    expect(bad.status).toBe(400);
    expect(bad.m).toContain("file");
    expect((await get("/feeds/user/abc.xml")).statusCode).toBe(400);
  });

  it("is cached for visitors, and a deleted entry leaves the feed at once", async () => {
    const { u, share } = await author();
    const url = `/feeds/user/${u.user.id}.xml`;
    expect((await get(url)).headers["x-cache"]).toBe("miss");
    const hit = await get(url);
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const del = await call(nugget.app, "GET", `/api/entryDel?entryId=${share.id}`, { auth: u.auth });
    expect(del.s).toBe(1);
    const after = await get(url);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(after.body).not.toContain(share.id);
  });
});

describe("sitemaps and robots.txt", () => {
  it("indexes chunks of each kind; a chunk lists public rows only, each at its address with lastmod", async () => {
    const { u, tag, share, post } = await author();
    const gone = await makeEntry(db(), u.user.id);
    expect((await call(nugget.app, "GET", `/api/entryDel?entryId=${gone.id}`, { auth: u.auth })).s).toBe(1);
    const reader = await makeUser(nugget);
    const writer = await makeUser(nugget, { isXiaoceAuthor: true });
    const onSale = await makeBooklet(nugget, writer.auth);
    const draft = await makeBooklet(nugget, writer.auth, { draft: true });

    const res = await get("/sitemap.xml");
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs: string[] = xml(res.body).sitemapindex.sitemap.map((s: any) => s.loc);
    /** The chunk of `kind` that holds `id`: the last whose first id is not above it. */
    const chunkOf = async (kind: string, id: string) => {
      const starts = locs
        .map((l) => new RegExp(`/sitemaps/${kind}-([0-9a-f]{24})\\.xml$`).exec(l)?.[1])
        .filter((s): s is string => !!s);
      const from = starts.filter((s) => s <= id).at(-1)!;
      const chunk = await get(`/sitemaps/${kind}-${from}.xml`);
      expect(chunk.statusCode).toBe(200);
      return xml(chunk.body).urlset.url as { loc: string; lastmod: string }[];
    };
    const has = (urls: { loc: string }[], path: string) => urls.some((x) => x.loc.endsWith(path));

    const entries = await chunkOf("entries", share.id);
    expect(has(entries, `/entry/${share.id}`)).toBe(true);
    expect(has(await chunkOf("entries", post.id), `/post/${post.id}`)).toBe(true);
    expect(has(await chunkOf("entries", gone.id), `/entry/${gone.id}`)).toBe(false);
    const mine = entries.find((x) => x.loc.endsWith(share.id))!;
    expect(Math.abs(Date.parse(mine.lastmod) - Date.now())).toBeLessThan(60_000);

    expect(has(await chunkOf("users", u.user.id), `/user/${u.user.id}`)).toBe(true);
    expect(has(await chunkOf("users", reader.user.id), `/user/${reader.user.id}`)).toBe(false);
    expect(has(await chunkOf("tags", tag.id), `/tag/${encodeURIComponent(tag.title)}`)).toBe(true);
    expect(has(await chunkOf("booklets", onSale.id), `/book/${onSale.id}`)).toBe(true);
    expect(has(await chunkOf("booklets", draft.id), `/book/${draft.id}`)).toBe(false);

    expect((await get(`/sitemaps/pins-${share.id}.xml`)).statusCode).toBe(400);
  });

  it("cuts a table into chunks of consecutive ids that together hold every public row once", async () => {
    const size = 3;
    const starts = await entrySitemap.starts(db(), size);
    expect([...starts].sort()).toEqual(starts);
    // The first chunks against one read of the same id range.
    const last = Math.min(starts.length, 6);
    const seen: string[] = [];
    for (let i = 0; i < last; i++) {
      const rows = await entrySitemap.chunk(db(), starts[i]!, size);
      expect(rows.length).toBeLessThanOrEqual(size);
      for (const r of rows) {
        expect(r.id >= starts[i]!).toBe(true);
        if (starts[i + 1]) expect(r.id < starts[i + 1]!).toBe(true);
      }
      seen.push(...rows.map((r) => r.id));
    }
    if (last < starts.length) {
      const { rows } = (await nugget.database.sql.executeSql(
        `select id from entries where status = 'published' and deleted_at is null and id >= $1 and id < $2 order by id`,
        [starts[0], starts[last]],
      )) as { rows: { id: string }[] };
      expect(seen).toEqual(rows.map((r) => r.id));
    }
  });

  it("keeps crawlers out of personal pages and search, and points at the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    for (const path of ["/user/settings", "/editor/", "/admin/", "/search", "/api/"])
      expect(res.body).toContain(`Disallow: ${path}`);
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });
});
