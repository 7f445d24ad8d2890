import type { ServiceModule } from "../module.ts";
import { jobRoutes } from "./routes.ts";

/** What jobs adds to the app (services/module.ts): its API routes. */
export const jobsModule: ServiceModule = {
  name: "jobs",
  routes: ({ services }) => jobRoutes(services),
  prefix: "/api",
};
