import type { ServiceModule } from "../module.ts";
import { orderRoutes } from "./routes.ts";

/** What orders adds to the app (services/module.ts): its API routes. */
export const ordersModule: ServiceModule = {
  name: "orders",
  routes: ({ services }) => orderRoutes(services),
  prefix: "/api",
};
