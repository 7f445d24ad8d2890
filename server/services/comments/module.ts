import type { ServiceModule } from "../module.ts";
import { commentRoutes } from "./routes.ts";

/** What comments adds to the app (services/module.ts): its API routes. */
export const commentsModule: ServiceModule = {
  name: "comments",
  routes: ({ services }) => commentRoutes(services),
  prefix: "/api",
};
