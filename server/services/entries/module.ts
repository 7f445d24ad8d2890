import type { ServiceModule } from "../module.ts";
import { entryRoutes } from "./routes.ts";

/** What entries adds to the app (services/module.ts): its API routes. */
export const entriesModule: ServiceModule = {
  name: "entries",
  routes: ({ services }) => entryRoutes(services),
  prefix: "/api",
};
