import type { ServiceModule } from "../module.ts";
import { userRoutes } from "./routes.ts";

/** What users adds to the app (services/module.ts): its API routes. */
export const usersModule: ServiceModule = {
  name: "users",
  routes: ({ services, config }) => userRoutes(services, config),
  prefix: "/api",
};
