import type { ServiceModule } from "../module.ts";
import { ACCOUNT_HOUSEKEEPING_CRON, type ExportJob } from "./account-data.ts";
import { accountDataRoutes } from "./routes.ts";

/**
 * What account-data adds to the app (services/module.ts): its API routes, the worker that builds a
 * 「下载我的数据」 archive, and the hourly housekeeping (ACCOUNT_HOUSEKEEPING).
 */
export const accountDataModule: ServiceModule = {
  name: "account-data",
  routes: ({ services, config }) => accountDataRoutes(services, config),
  prefix: "/api",
  jobs: [
    { name: "account-export", run: (job: ExportJob, { services }) => services.accountData.runExport(job) },
    {
      name: "account-housekeeping",
      cron: ACCOUNT_HOUSEKEEPING_CRON,
      enabled: (config) => config.accountHousekeeping,
      // Every hour: expired export files go, and accounts past their 14 days are erased.
      run: async (_data, { services, log }) => {
        const removed = await services.accountData.cleanupExports();
        const erased = await services.accountData.eraseDue();
        log.info({ removed, erased }, "account housekeeping done");
      },
    },
  ],
};
