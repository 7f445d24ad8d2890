import type { ServiceModule } from "../module.ts";
import { inviteRoutes } from "./routes.ts";

/** What invites adds to the app (services/module.ts): its API routes. */
export const invitesModule: ServiceModule = {
  name: "invites",
  routes: ({ services }) => inviteRoutes(services),
  prefix: "/api",
};
