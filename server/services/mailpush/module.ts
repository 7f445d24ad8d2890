import type { ServiceModule } from "../module.ts";
import { mailPushRoutes } from "./routes.ts";
import { MAIL_DIGESTS_CRON, runMailDigests } from "./schedule.ts";

/**
 * What mailpush adds to the app (services/module.ts): its API routes, and the hourly digests
 * (MAIL_DIGESTS) on the instances that have them on.
 */
export const mailpushModule: ServiceModule = {
  name: "mailpush",
  routes: ({ services }) => mailPushRoutes(services),
  prefix: "/api",
  jobs: [
    {
      name: "mail-digests",
      cron: MAIL_DIGESTS_CRON,
      enabled: (config) => config.mailDigests,
      run: async (_data, { services, log }) => {
        log.info(await runMailDigests(services.digests), "mail digests done");
      },
    },
  ],
};
