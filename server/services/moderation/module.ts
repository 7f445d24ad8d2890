import type { ServiceModule } from "../module.ts";
import { moderationRoutes } from "./routes.ts";

/** What moderation adds to the app (services/module.ts): its API routes. */
export const moderationModule: ServiceModule = {
  name: "moderation",
  routes: ({ services }) => moderationRoutes(services),
  prefix: "/api",
};
