import { accountDataModule } from "./account-data/module.ts";
import { authModule } from "./auth/module.ts";
import { bannersModule } from "./banners/module.ts";
import { blocksModule } from "./blocks/module.ts";
import { bookletsModule } from "./booklets/module.ts";
import { collectionsModule } from "./collections/module.ts";
import { commentsModule } from "./comments/module.ts";
import { entriesModule } from "./entries/module.ts";
import { followModule } from "./follow/module.ts";
import { invitesModule } from "./invites/module.ts";
import { jobsModule } from "./jobs/module.ts";
import { likesModule } from "./likes/module.ts";
import { mailpushModule } from "./mailpush/module.ts";
import type { ServiceModule } from "./module.ts";
import { moderationModule } from "./moderation/module.ts";
import { notificationsModule } from "./notifications/module.ts";
import { oauthModule } from "./oauth/module.ts";
import { ordersModule } from "./orders/module.ts";
import { parserModule } from "./parser/module.ts";
import { pinsModule } from "./pins/module.ts";
import { postsModule } from "./posts/module.ts";
import { publishModule } from "./publish/module.ts";
import { reposModule } from "./repos/module.ts";
import { searchModule } from "./search/module.ts";
import { syndicationModule } from "./syndication/module.ts";
import { tagsModule } from "./tags/module.ts";
import { trackingModule } from "./tracking/module.ts";
import { uploadsModule } from "./uploads/module.ts";
import { usersModule } from "./users/module.ts";
import { votesModule } from "./votes/module.ts";
import { walletModule } from "./wallet/module.ts";

/**
 * Every service's routes and jobs, in the order buildApp registers them, which is the order of the
 * operations in the OpenAPI document (/api/docs). A service folder with routes is listed here
 * (modules.test.ts fails otherwise).
 */
export const serviceModules: readonly ServiceModule[] = [
  authModule,
  usersModule,
  entriesModule,
  tagsModule,
  searchModule,
  publishModule,
  parserModule,
  likesModule,
  votesModule,
  commentsModule,
  postsModule,
  pinsModule,
  reposModule,
  followModule,
  blocksModule,
  invitesModule,
  mailpushModule,
  notificationsModule,
  uploadsModule,
  collectionsModule,
  bookletsModule,
  ordersModule,
  walletModule,
  oauthModule,
  bannersModule,
  jobsModule,
  moderationModule,
  trackingModule,
  syndicationModule,
  accountDataModule,
];
