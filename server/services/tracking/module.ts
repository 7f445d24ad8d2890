import type { ServiceModule } from "../module.ts";
import { dropExpiredEvents, TRACKING_RETENTION_CRON } from "./retention.ts";
import { trackingRoutes } from "./routes.ts";

/**
 * What tracking adds to the app (services/module.ts): its API routes, and each day the months of
 * events past TRACKING_RETENTION_DAYS dropped (0: kept for ever).
 */
export const trackingModule: ServiceModule = {
  name: "tracking",
  routes: ({ services }) => trackingRoutes(services),
  prefix: "/api",
  jobs: [
    {
      name: "tracking-retention",
      cron: TRACKING_RETENTION_CRON,
      enabled: (config) => config.trackingRetentionDays > 0,
      run: async (_data, { db, config, log }) => {
        const days = config.trackingRetentionDays;
        log.info({ dropped: await dropExpiredEvents(db, days), days }, "tracking retention done");
      },
    },
  ],
};
