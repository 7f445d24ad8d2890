import type { ServiceModule } from "../module.ts";
import { authRoutes } from "./routes.ts";

/** What auth adds to the app (services/module.ts): its API routes. */
export const authModule: ServiceModule = {
  name: "auth",
  routes: ({ services, config }) => authRoutes(services, config),
  prefix: "/api",
};
