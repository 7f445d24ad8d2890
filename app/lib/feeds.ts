import type { PageFeed } from "./title";

/** The site-wide feeds (server syndication) offered on the home and explore pages. */
export const SITE_FEEDS: PageFeed[] = [
  { title: "最新", path: "/feeds/newest" },
  { title: "热门", path: "/feeds/hot" },
];
