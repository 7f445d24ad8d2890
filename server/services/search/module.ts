import type { ServiceModule } from "../module.ts";
import { refreshChampionLists, SEARCH_CHAMPIONS_CRON } from "../search-index/index.ts";
import { hasRumIndex } from "./queries.ts";
import { searchRoutes } from "./routes.ts";

/**
 * What search adds to the app (services/module.ts): its API routes, and the search index's champion
 * lists rebuilt every hour for the words now frequent, ranked the way search reads them (with RUM
 * where the server has it).
 */
export const searchModule: ServiceModule = {
  name: "search",
  routes: ({ services }) => searchRoutes(services),
  prefix: "/api",
  jobs: [
    {
      name: "search-champions",
      cron: SEARCH_CHAMPIONS_CRON,
      run: async (_data, { db, log }) => {
        log.info(
          await refreshChampionLists(db, { rum: await hasRumIndex(db) }),
          "search champion lists built",
        );
      },
    },
  ],
};
