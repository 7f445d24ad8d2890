import type { ServiceModule } from "../module.ts";
import { bookletRoutes } from "./routes.ts";

/** What booklets adds to the app (services/module.ts): its API routes. */
export const bookletsModule: ServiceModule = {
  name: "booklets",
  routes: ({ services }) => bookletRoutes(services),
  prefix: "/api",
};
