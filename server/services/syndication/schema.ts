import { Type } from "@sinclair/typebox";
import { HEX_ID_SOURCE as ID } from "../../../shared/ids.ts";

/** newest.xml, hot.rss …: the site-wide feeds, Atom (.xml) or RSS 2.0 (.rss). */
export const SiteFeedParams = Type.Object({
  file: Type.String({
    pattern: "^(newest|hot|column)\\.(xml|rss)$",
    description: "newest|hot|column 加 .xml（Atom）或 .rss（RSS 2.0）",
  }),
});

export const TagFeedParams = Type.Object({
  file: Type.String({ pattern: "^[^/]{1,50}\\.(xml|rss)$", description: "标签名加 .xml 或 .rss" }),
});

export const UserFeedParams = Type.Object({
  file: Type.String({ pattern: `^${ID}\\.(xml|rss)$`, description: "用户 id 加 .xml 或 .rss" }),
});

export const SitemapParams = Type.Object({
  file: Type.String({
    pattern: `^(entries|users|tags|booklets)-${ID}\\.xml$`,
    description: "{entries|users|tags|booklets}-{该段第一个 id}.xml，取自 /sitemap.xml",
  }),
});
