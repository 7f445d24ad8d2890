import type { ServiceModule } from "../module.ts";
import { tagRoutes } from "./routes.ts";

/** What tags adds to the app (services/module.ts): its API routes. */
export const tagsModule: ServiceModule = {
  name: "tags",
  routes: ({ services }) => tagRoutes(services),
  prefix: "/api",
};
