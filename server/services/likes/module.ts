import type { ServiceModule } from "../module.ts";
import { likeRoutes } from "./routes.ts";

/** What likes adds to the app (services/module.ts): its API routes. */
export const likesModule: ServiceModule = {
  name: "likes",
  routes: ({ services }) => likeRoutes(services),
  prefix: "/api",
};
