import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { makeArticle, makeEntry, makeTag, makeUser } from "../support/factories.ts";
import { describeInBrowser, useBrowserSite, waitForHydrationOnGoto } from "../support/browser.ts";

// Issue 13 item 1: what search engines and share previews read in a page's <head> — a canonical
// address, Open Graph and Twitter cards, feeds, JSON-LD — in the server's HTML, and hydration that
// keeps quiet about it (the browser bundle does not build these tags).
describeInBrowser("a public page's head for crawlers and share previews", () => {
  const web = useBrowserSite({ publicUrl: "https://nugget.example" });

  /** The page's head as crawlers get it (no JavaScript). */
  async function head(path: string) {
    const res = await web.site.app.inject({ url: path });
    expect(res.statusCode, path).toBe(200);
    const html = res.body.slice(0, res.body.indexOf("</head>"));
    const attr = (selector: RegExp) => selector.exec(html)?.[1];
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, any>,
    );
    return {
      html,
      canonical: attr(/<link rel="canonical" href="([^"]+)"/),
      og: (p: string) => attr(new RegExp(`<meta property="og:${p}" content="([^"]*)"`)),
      twitter: (n: string) => attr(new RegExp(`<meta name="twitter:${n}" content="([^"]*)"`)),
      feeds: [
        ...html.matchAll(
          /<link rel="alternate" type="application\/(atom|rss)\+xml" title="[^"]*" href="([^"]+)"/g,
        ),
      ].map((m) => m[2]),
      jsonLd,
    };
  }

  async function consoleErrorsOn(page: Page, errors: string[]) {
    page.on("console", (msg) => {
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
        errors.push(msg.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
  }

  it("gives an article its canonical address, share card, author feed and Article + BreadcrumbList", async () => {
    const u = await makeUser(web.site);
    const { post } = await makeArticle(web.site, u.auth, { title: "写给前端的 <性能> 指南" });
    const h = await head(`/post/${post.id}?utm_source=x`);
    expect(h.canonical).toBe(`https://nugget.example/post/${post.id}`);
    expect(h.og("type")).toBe("article");
    expect(h.og("title")).toContain("写给前端的 &lt;性能&gt; 指南");
    expect(h.og("url")).toBe(h.canonical);
    expect(h.twitter("card")).toBe("summary");
    expect(h.feeds).toEqual([
      `https://nugget.example/feeds/user/${u.user.id}.xml`,
      `https://nugget.example/feeds/user/${u.user.id}.rss`,
    ]);
    const [article, crumbs] = h.jsonLd;
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "写给前端的 <性能> 指南",
      url: h.canonical,
      author: { "@type": "Person", name: u.user.username, url: `https://nugget.example/user/${u.user.id}` },
    });
    expect(Date.parse(article!.datePublished)).toBeGreaterThan(0);
    expect(crumbs!["@type"]).toBe("BreadcrumbList");
    expect(crumbs!.itemListElement.map((i: any) => i.name)).toEqual([
      "首页",
      "专栏",
      "写给前端的 <性能> 指南",
    ]);
  });

  it("gives a share a DiscussionForumPosting about the linked page, a profile a Person, lists their feeds", async () => {
    const u = await makeUser(web.site);
    const tag = await makeTag(web.site.database.db);
    const share = await makeEntry(
      web.site.database.db,
      u.user.id,
      { title: "一个分享</script><script>alert(1)</script>", originalUrl: "https://example.com/a" },
      [tag.id],
    );
    const h = await head(`/entry/${share.id}`);
    expect(h.html).not.toContain("<script>alert(1)");
    const [posting] = h.jsonLd;
    expect(posting).toMatchObject({
      "@type": "DiscussionForumPosting",
      headline: "一个分享</script><script>alert(1)</script>",
      sharedContent: { "@type": "WebPage", url: "https://example.com/a" },
      keywords: tag.title,
    });

    const profile = await head(`/user/${u.user.id}`);
    expect(profile.og("type")).toBe("profile");
    expect(profile.jsonLd[0]).toMatchObject({
      "@type": "ProfilePage",
      mainEntity: { "@type": "Person", name: u.user.username },
    });
    expect(profile.feeds[0]).toBe(`https://nugget.example/feeds/user/${u.user.id}.xml`);

    const tagged = await head(`/tag/${encodeURIComponent(tag.title)}`);
    expect(tagged.feeds[0]).toBe(`https://nugget.example/feeds/tag/${encodeURIComponent(tag.title)}.xml`);
    for (const path of ["/", "/explore/all"]) {
      const list = await head(path);
      expect(list.feeds).toContain("https://nugget.example/feeds/newest.xml");
      expect(list.feeds).toContain("https://nugget.example/feeds/hot.rss");
      expect(list.og("type")).toBe("website");
    }
  });

  it("hydrates such a page without a complaint, and a client-side navigation keeps the title right", async () => {
    const u = await makeUser(web.site);
    const { post } = await makeArticle(web.site, u.auth, { title: "水合检查的文章" });
    const context = await web.browser.newContext();
    const page = await context.newPage();
    waitForHydrationOnGoto(page);
    const errors: string[] = [];
    await consoleErrorsOn(page, errors);
    await page.goto(`${web.site.url}/post/${post.id}`);
    await expect.poll(() => page.title()).toContain("水合检查的文章");
    await page.getByRole("link", { name: u.user.username }).first().click();
    await page.waitForURL(new RegExp(`/user/${u.user.id}`));
    await expect.poll(() => page.title()).toContain(u.user.username);
    expect(errors).toEqual([]);
    await context.close();
  });
});
