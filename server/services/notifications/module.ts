import type { ServiceModule } from "../module.ts";
import type { FollowerFanOut } from "./notify.ts";
import { notificationRoutes } from "./routes.ts";

/**
 * What notifications adds to the app (services/module.ts): its API routes, and the worker that
 * tells a published entry's author's followers.
 */
export const notificationsModule: ServiceModule = {
  name: "notifications",
  routes: ({ services }) => notificationRoutes(services),
  prefix: "/api",
  jobs: [
    {
      name: "notify-followers",
      run: (job: FollowerFanOut, { services }) =>
        services.notifications.fanOutToFollowers(job).then(() => undefined),
    },
  ],
};
