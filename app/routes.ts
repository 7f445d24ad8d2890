/**
 * The route table of spec §2, one line a URL. Guards live in the loaders (lib/guards.server.ts):
 * login-required pages answer 401 and go back to "/", ids that are not 24 alphanumerics answer 404.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // welcome (unauthenticated only); "/" is the index: timeline when logged in, welcome otherwise
  index("routes/home/welcome.tsx", { id: "index" }),
  route("welcome/:category?", "routes/home/welcome.tsx", { id: "welcome" }),
  route("timeline/:category?", "routes/home/timeline.tsx"),
  route("getting-started", "routes/home/getting-started.tsx"),

  route("reset-password", "routes/auth/reset-password.tsx"),
  route("set-new-password", "routes/auth/set-new-password.tsx"),
  route("revert-email", "routes/auth/revert-email.tsx"),

  route("books/:category?", "routes/books/books-index.tsx"),
  route("book/:id", "routes/books/book-info.tsx"),
  route("book/:id/section/:sectionId?", "routes/books/book-section.tsx"),

  route("entry/:id", "routes/entry/entry-public.tsx"),
  route("entry/:id/detail/:commentId?", "routes/entry/entry-detail.tsx", { id: "entry-detail" }),
  route("entry/:id/detail/answer/:commentId?", "routes/entry/entry-detail.tsx", {
    id: "entry-detail-answer",
  }),
  route("new-entry", "routes/entry/share-entry.tsx"),
  route("edit-entry/:id", "routes/entry/edit-entry.tsx"),
  route("published", "routes/entry/published.tsx"),

  route("zhuanlan/:category?", "routes/column/column-index.tsx"),
  route("post/:id", "routes/column/post.tsx"),

  route("collections/:type?", "routes/collection/collection-index.tsx"),
  route("collection/:id", "routes/collection/collection-detail.tsx"),

  route("repos", "routes/repo/repo-index.tsx"),
  route("repo/:id", "routes/repo/repo-detail.tsx"),

  route("explore/:category?", "routes/explore/explore.tsx"),

  route("notification", "routes/notification/layout.tsx", [
    index("routes/notification/user-notifications.tsx"),
    route("system", "routes/notification/system-notifications.tsx"),
  ]),

  // settings (login required); /user/invitation is one of its tabs
  layout("routes/settings/layout.tsx", [
    route("user/settings", "routes/settings/settings-index.tsx"),
    route("user/settings/profile", "routes/settings/profile.tsx"),
    route("user/settings/account", "routes/settings/account.tsx"),
    route("user/settings/password", "routes/settings/password.tsx"),
    route("user/settings/mail", "routes/settings/mail.tsx"),
    route("user/settings/blocks", "routes/settings/blocks.tsx"),
    route("user/invitation", "routes/settings/invitation.tsx"),
  ]),
  route("user/wallet", "routes/user/wallet.tsx"),
  route("user/:id/:type?", "routes/user/user-profile.tsx"),

  route("subscribe", "routes/subscribe/layout.tsx", [
    index("routes/subscribe/subscribe-index.tsx"),
    route("subscribed", "routes/subscribe/subscribed.tsx"),
    route("all", "routes/subscribe/all.tsx"),
  ]),
  route("tag/:title", "routes/tag/tag.tsx"),
  route("search", "routes/search/search.tsx"),
  // Not in the spec's table: the pins feed and composer a community needs to write and read pins.
  route("pins", "routes/pin/pins.tsx"),
  route("pin/:id", "routes/pin/pin-detail.tsx"),

  // editor destinations (the editor itself comes later)
  route("editor/drafts/new", "routes/editor/draft-new.tsx"),
  route("editor/drafts", "routes/editor/drafts.tsx"),
  route("editor/posts/:id", "routes/editor/post-editor.tsx"),
  route("editor/book/:id/section", "routes/editor/book-section-editor.tsx"),

  // the avatar menu's 更多 and the sidebars link here
  route("app", "routes/misc/app-download.tsx"),
  route("about", "routes/misc/about.tsx"),

  route("admin/withdrawals", "routes/admin/withdrawals.tsx"),
  route("admin/jobs", "routes/admin/jobs.tsx"),
  route("admin/reports", "routes/admin/reports.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  route("admin/banners", "routes/admin/banners.tsx"),
  route("admin/notices", "routes/admin/notices.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
