/**
 * The server's shapes that pages read, named in one place: app/ never imports server/ or db/ (the
 * border of HOUSE §9, kept by ESLint), so what the presenters and services return reaches the
 * pages through here. Type-only re-exports — the one exception to the border, checked by the same
 * rule — so nothing of the server enters a bundle.
 */
export type { Caller } from "../server/services/deps.ts";
export type { Services } from "../server/services/index.ts";
export type { TocItem } from "../server/lib/markdown.ts";
export type { Banner } from "../server/services/banners/present.ts";
export type { AvailableCode, SentInvitation } from "../server/services/invites/invites.ts";
export type {
  PresentedBooklet,
  PresentedSection,
  SectionContent,
} from "../server/services/booklets/present.ts";
export type { BookletSales } from "../server/services/booklets/authoring.ts";
export type { PresentedOrder } from "../server/services/orders/present.ts";
export type { PresentedCollection } from "../server/services/collections/present.ts";
export type { BlockListPage, BlockState, BlockedUser } from "../server/services/blocks/blocks.ts";
export type { CommentPage } from "../server/services/comments/comments.ts";
export type { PresentedComment } from "../server/services/comments/present.ts";
export type { EntryDetail } from "../server/services/entries/entries.ts";
export type { PresentedEntry } from "../server/services/entries/present.ts";
export type { PresentedNotification, SystemNotification } from "../server/services/notifications/present.ts";
export type { PresentedPin } from "../server/services/pins/present.ts";
export type { PresentedCase } from "../server/services/moderation/present.ts";
export type { Article } from "../server/services/posts/present.ts";
export type { RepoTranslator, Showcase, TrendingRepo } from "../server/services/repos/present.ts";
export type { RepoLanguage } from "../db/schema/repos.ts";
export type { Attender, VoteState } from "../server/services/votes/votes.ts";
export type { PresentedBill, PresentedWithdrawal } from "../server/services/wallet/present.ts";
export type { ApplyRules } from "../server/services/wallet/wallet.ts";
