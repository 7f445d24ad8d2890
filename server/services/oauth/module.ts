import type { ServiceModule } from "../module.ts";
import { oauthRoutes } from "./routes.ts";

/** What oauth adds to the app (services/module.ts): its API routes. */
export const oauthModule: ServiceModule = {
  name: "oauth",
  routes: ({ services, config }) => oauthRoutes(services, config),
  prefix: "/api",
};
