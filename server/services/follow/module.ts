import type { ServiceModule } from "../module.ts";
import type { FollowMail } from "./follow.ts";
import { followRoutes } from "./routes.ts";

/**
 * What follow adds to the app (services/module.ts): its API routes, and the worker of the follow
 * mail a follow enqueues, written by mailpush's digests.
 */
export const followModule: ServiceModule = {
  name: "follow",
  routes: ({ services }) => followRoutes(services),
  prefix: "/api",
  jobs: [
    {
      name: "follow-mail",
      run: async (job: FollowMail, { services }) => {
        await services.digests.followed(job.followerId, job.followeeId);
      },
    },
  ],
};
