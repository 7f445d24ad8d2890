import type { ServiceModule } from "../module.ts";
import { syndicationRoutes } from "./routes.ts";

/** What syndication adds to the app (services/module.ts): feeds, sitemaps and robots.txt, at the site's root. */
export const syndicationModule: ServiceModule = {
  name: "syndication",
  routes: ({ services }) => syndicationRoutes(services),
};
