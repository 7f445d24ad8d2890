import type { ServiceModule } from "../module.ts";
import { blockRoutes } from "./routes.ts";

/** What blocks adds to the app (services/module.ts): its API routes. */
export const blocksModule: ServiceModule = {
  name: "blocks",
  routes: ({ services }) => blockRoutes(services),
  prefix: "/api",
};
