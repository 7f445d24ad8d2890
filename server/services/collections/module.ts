import type { ServiceModule } from "../module.ts";
import { collectionRoutes } from "./routes.ts";

/** What collections adds to the app (services/module.ts): its API routes. */
export const collectionsModule: ServiceModule = {
  name: "collections",
  routes: ({ services }) => collectionRoutes(services),
  prefix: "/api",
};
