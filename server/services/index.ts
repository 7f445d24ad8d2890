import { createAccountDataService, type AccountDataService } from "./account-data/index.ts";
import { createAuthService } from "./auth/index.ts";
import { acceptInvitation } from "./invites/index.ts";
import { createBannerService } from "./banners/banners.ts";
import { createBookletService } from "./booklets/booklets.ts";
import { createCollectionService } from "./collections/collections.ts";
import { createCommentService } from "./comments/index.ts";
import type { Deps } from "./deps.ts";
import { bindPageCache } from "../lib/page-purge.ts";
import { createEntryService } from "./entries/entries.ts";
import { createFollowService, dropFollowsBetween } from "./follow/follow.ts";
import { createBlockService } from "./blocks/index.ts";
import { createInviteService } from "./invites/invites.ts";
import { createJobAdminService } from "./jobs/jobs.ts";
import { createMailDigests } from "./mailpush/digests.ts";
import { createMailPushService } from "./mailpush/mailpush.ts";
import { createNotificationService } from "./notifications/notifications.ts";
import { createOAuthService } from "./oauth/oauth.ts";
import { createOrderService } from "./orders/orders.ts";
import { createPublishService } from "./publish/publish.ts";
import { createParserService } from "./parser/parser.ts";
import { createPinService } from "./pins/index.ts";
import { createRepoService } from "./repos/repos.ts";
import { createLikeService } from "./likes/likes.ts";
import { createModerationService, createScreen } from "./moderation/index.ts";
import { createPostService } from "./posts/posts.ts";
import { createSearchService } from "./search/search.ts";
import { createSyndicationService } from "./syndication/syndication.ts";
import { createTagService } from "./tags/tags.ts";
import { createTrackingService } from "./tracking/tracking.ts";
import { createUserService } from "./users/users.ts";
import { createUploadService } from "./uploads/uploads.ts";
import { createVoteService } from "./votes/votes.ts";
import { createWalletService } from "./wallet/wallet.ts";

/** Every service of spec §7, built once per app from the same deps. */
export function createServices(deps: Deps) {
  // The writers' page purges (ADR 011) reach this app's page cache once their transactions commit.
  bindPageCache(deps.db, deps.pageCache);
  // A login undoes a pending account deletion: account-data sits on top, so it is looked up late.
  const late: { accountData?: AccountDataService } = {};
  const auth = createAuthService(deps, {
    onLogin: async (userId) => (late.accountData ? late.accountData.onLogin(userId) : null),
  });
  // First: the services that save image addresses record them through its setUses (ADR 007).
  const uploads = createUploadService(deps);
  // Users sit below auth and invites: what accounts need of them is handed in (users.ts AccountHooks).
  const users = createUserService(
    deps,
    {
      startSession: auth.startSession,
      endSessions: auth.endSessions,
      forgetFailures: auth.forgetFailures,
      acceptInvitation,
    },
    uploads,
  );
  const entries = createEntryService(deps);
  const tags = createTagService(deps, entries);
  const search = createSearchService(deps, tags);
  const likes = createLikeService(deps);
  // Moderation's first line: new accounts' link-heavy posts are published hidden.
  const screen = createScreen();
  const posts = createPostService(deps, uploads, screen);
  const publish = createPublishService(deps, uploads, entries, screen);
  const parser = createParserService(deps);
  const digests = createMailDigests(deps, entries);
  const follow = createFollowService(deps);
  // Blocks sit below follow (follow asks them who blocked whom); a block's removal of follows is
  // follow's own write, handed in.
  const blocks = createBlockService(deps, dropFollowsBetween);
  // Presenters of pins and comments read the caller's likes through the likes service (ADR 013).
  const comments = createCommentService(deps, uploads, (userId, ids) =>
    likes.likedAmong("comment", userId, ids),
  );
  const pins = createPinService(
    deps,
    comments,
    uploads,
    (userId, ids) => likes.likedAmong("pin", userId, ids),
    screen,
  );
  const invites = createInviteService(deps);
  const mailpush = createMailPushService(deps);
  const notifications = createNotificationService(deps);
  const votes = createVoteService(deps);
  const collections = createCollectionService(deps, uploads);
  const wallet = createWalletService(deps);
  // The booklet editor's sales figures read the author's income bills from the wallet.
  const booklets = createBookletService(deps, uploads, wallet.incomeOfOrders);
  // My data: the export reads the account's rows; the erasure goes through the content services.
  const accountData = createAccountDataService(deps, {
    users,
    auth,
    storage: uploads.storage,
    uploads,
    follow,
    tags,
    collections,
    likes,
    posts,
    publish,
    pins,
    comments,
  });
  late.accountData = accountData;
  return {
    uploads,
    auth,
    users,
    entries,
    tags,
    search,
    likes,
    posts,
    publish,
    parser,
    follow,
    blocks,
    comments,
    pins,
    repos: createRepoService(deps, comments),
    invites,
    mailpush,
    digests,
    notifications,
    votes,
    collections,
    booklets,
    // Buying sits above booklets and wallet: it counts purchases and credits income through them.
    orders: createOrderService(deps, booklets, wallet),
    wallet,
    oauth: createOAuthService(deps, auth, users),
    banners: createBannerService(deps, uploads),
    tracking: createTrackingService(deps),
    // Feeds and sitemaps read the public lists as a visitor would.
    syndication: createSyndicationService(deps, { entries, tags }),
    jobs: createJobAdminService(deps, users),
    // On top: a decision deletes through the targets' own services (the admin reach).
    moderation: createModerationService(deps, users, {
      entry: publish.remove,
      pin: pins.remove,
      comment: comments.remove,
      collection: collections.remove,
    }),
    accountData,
  };
}

export type Services = ReturnType<typeof createServices>;
