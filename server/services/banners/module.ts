import type { ServiceModule } from "../module.ts";
import { bannerRoutes } from "./routes.ts";

/** What banners adds to the app (services/module.ts): its API routes. */
export const bannersModule: ServiceModule = {
  name: "banners",
  routes: ({ services }) => bannerRoutes(services),
  prefix: "/api",
};
