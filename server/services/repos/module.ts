import type { ServiceModule } from "../module.ts";
import { repoRoutes } from "./routes.ts";

/** What repos adds to the app (services/module.ts): its API routes. */
export const reposModule: ServiceModule = {
  name: "repos",
  routes: ({ services }) => repoRoutes(services),
  prefix: "/api",
};
