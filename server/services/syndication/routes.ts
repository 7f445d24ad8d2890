import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import type { Services } from "../index.ts";
import { SitemapParams, SiteFeedParams, TagFeedParams, UserFeedParams } from "./schema.ts";
import type { FeedFormat, FeedName } from "./syndication.ts";
import { route } from "../../lib/route.ts";

const tags = ["syndication"];
const FEED =
  "Atom 1.0（.xml）或 RSS 2.0（.rss），最新 20 条，匿名读者所见；与其它匿名页面一样缓存（Cache-Control public）。";
const TYPES: Record<FeedFormat, string> = {
  atom: "application/atom+xml; charset=utf-8",
  rss: "application/rss+xml; charset=utf-8",
};

/** "newest.xml" → ["newest", "atom"]. */
function split(file: string): [string, FeedFormat] {
  const dot = file.lastIndexOf(".");
  return [file.slice(0, dot), file.slice(dot + 1) === "rss" ? "rss" : "atom"];
}

/** Feeds, sitemaps and robots.txt (not under /api: readers and crawlers look for them at the root). */
export function syndicationRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const syndication = services.syndication;
    const sendFeed = async (reply: FastifyReply, name: FeedName, format: FeedFormat) =>
      reply.type(TYPES[format]).send(await syndication.feed(name, format));

    app.get(
      "/feeds/:file",
      route({
        cache: { life: "list" },
        tags,
        summary: "全站订阅源：最新、热门、专栏",
        description: FEED,
        params: SiteFeedParams,
      }),
      async (req, reply) => {
        const [kind, format] = split(req.params.file);
        return sendFeed(reply, { kind: kind as "newest" | "hot" | "column" }, format);
      },
    );
    // A tag's and a user's feeds: the same shape, named by title or by id.
    for (const [kind, params, summary, missing] of [
      ["tag", TagFeedParams, "标签的订阅源", "标签不存在返回 404。"],
      ["user", UserFeedParams, "用户的订阅源", "用户不存在返回 404。"],
    ] as const) {
      app.get(
        `/feeds/${kind}/:file`,
        route({ tags, summary, description: FEED + missing, params, cache: { life: "list" } }),
        async (req, reply) => {
          const [key, format] = split(req.params.file);
          return sendFeed(reply, kind === "tag" ? { kind, title: key } : { kind, id: key }, format);
        },
      );
    }

    app.get(
      "/sitemap.xml",
      route({
        cache: { life: "list" },
        tags,
        summary: "站点地图索引",
        description:
          "sitemaps.org 0.9 的 sitemapindex：文章与分享（entries）、有发布内容的用户、有内容的标签、已上架的小册，" +
          "各按 id 每 10,000 个一段（id 随时间递增，旧段的地址不变）。",
      }),
      async (_req, reply) =>
        reply.type("application/xml; charset=utf-8").send(await syndication.sitemapIndex()),
    );
    app.get(
      "/sitemaps/:file",
      route({
        cache: { life: "list" },
        tags,
        summary: "站点地图的一段",
        description: "该段中公开的地址，lastmod 为最后修改时间。段名不存在返回 404。",
        params: SitemapParams,
      }),
      async (req, reply) => {
        const [name] = split(req.params.file);
        const dash = name.indexOf("-");
        const xml = await syndication.sitemap(name.slice(0, dash), name.slice(dash + 1));
        return reply.type("application/xml; charset=utf-8").send(xml);
      },
    );
    app.get(
      "/robots.txt",
      route({
        cache: { life: "list" },
        tags,
        summary: "robots.txt",
        description: "不抓取设置、编辑器、管理、搜索和 API；指向站点地图。",
      }),
      async (_req, reply) => reply.type("text/plain; charset=utf-8").send(syndication.robots()),
    );
  };
}
