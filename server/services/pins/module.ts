import type { ServiceModule } from "../module.ts";
import { pinRoutes } from "./routes.ts";

/** What pins adds to the app (services/module.ts): its API routes. */
export const pinsModule: ServiceModule = {
  name: "pins",
  routes: ({ services }) => pinRoutes(services),
  prefix: "/api",
};
