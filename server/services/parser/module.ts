import type { ServiceModule } from "../module.ts";
import { parserRoutes } from "./routes.ts";

/** What parser adds to the app (services/module.ts): its API routes. */
export const parserModule: ServiceModule = {
  name: "parser",
  routes: ({ services }) => parserRoutes(services),
  prefix: "/api",
};
