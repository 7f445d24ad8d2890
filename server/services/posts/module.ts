import type { ServiceModule } from "../module.ts";
import { postRoutes } from "./routes.ts";

/** What posts adds to the app (services/module.ts): its API routes. */
export const postsModule: ServiceModule = {
  name: "posts",
  routes: ({ services }) => postRoutes(services),
  prefix: "/api",
};
