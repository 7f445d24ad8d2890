import type { ServiceModule } from "../module.ts";
import { publishRoutes } from "./routes.ts";

/** What publish adds to the app (services/module.ts): its API routes. */
export const publishModule: ServiceModule = {
  name: "publish",
  routes: ({ services }) => publishRoutes(services),
  prefix: "/api",
};
