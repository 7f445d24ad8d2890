import type { ServiceModule } from "../module.ts";
import { uploadRoutes } from "./routes.ts";
import { UPLOAD_CLEANUP_CRON, type VariantJob } from "./uploads.ts";

/**
 * What uploads adds to the app (services/module.ts): `/api/upload` and the files at `/uploads/…`
 * (hence no prefix), the worker that makes an upload's resized copies, and the hourly removal of
 * uploads unused for UPLOAD_ORPHAN_HOURS (0: never).
 */
export const uploadsModule: ServiceModule = {
  name: "uploads",
  routes: ({ services, config }) => uploadRoutes(services, config),
  jobs: [
    {
      name: "upload-variants",
      run: async (job: VariantJob, { services }) => {
        await services.uploads.makeVariants(job.key);
      },
    },
    {
      name: "upload-cleanup",
      cron: UPLOAD_CLEANUP_CRON,
      enabled: (config) => config.uploadOrphanHours > 0,
      run: async (_data, { services, config, log }) => {
        const hours = config.uploadOrphanHours;
        log.info({ removed: await services.uploads.cleanup(hours), hours }, "upload cleanup done");
      },
    },
  ],
};
