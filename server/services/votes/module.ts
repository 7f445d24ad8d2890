import type { ServiceModule } from "../module.ts";
import { voteRoutes } from "./routes.ts";

/** What votes adds to the app (services/module.ts): its API routes. */
export const votesModule: ServiceModule = {
  name: "votes",
  routes: ({ services }) => voteRoutes(services),
  prefix: "/api",
};
