import type { ServiceModule } from "../module.ts";
import { walletRoutes } from "./routes.ts";

/** What wallet adds to the app (services/module.ts): its API routes. */
export const walletModule: ServiceModule = {
  name: "wallet",
  routes: ({ services }) => walletRoutes(services),
  prefix: "/api",
};
