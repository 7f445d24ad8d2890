import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NuggetApp } from "../../server/app.ts";
import {
  banners,
  bills,
  booklets,
  bookletSections,
  collectionSetEntries,
  collectionSets,
  comments,
  entries,
  pins,
} from "../../db/schema/index.ts";
import { testApp } from "../support/app.ts";
import type { Auth } from "../support/client.ts";
import { openUnreadStream } from "../support/event-stream.ts";
import {
  buildWorld,
  pngUpload,
  send,
  withRouteList,
  type Answer,
  type Who,
  type World,
} from "../support/authz-world.ts";
import { PUBLIC } from "../support/authz-public.ts";

/**
 * Issue 10: the authorization matrix. Every write and every private read the app registers is called
 * as the resource's owner, another user, an anonymous caller and an admin, and each must answer what
 * its row says (spec §6 roles, §8 codes). The table is checked against the app's own route list:
 * a route with neither a row nor a place in PUBLIC fails the first test by name, and so does a row
 * whose route is gone. A refused edit or delete must leave its resource as it was.
 */

/** "ok": 2xx or a redirect, with s = 1 when the body is the envelope. A number: the envelope's s, else the HTTP status. */
type Outcome = "ok" | number;

interface Req {
  url: string;
  body?: unknown;
  /** Replaces the caller's auth triple (a fresh account or session for calls that spend it). */
  auth?: Auth;
  multipart?: { payload: Buffer; contentType: string };
  /** Re-reads the resource: a refused call must leave it equal. */
  snapshot?: () => Promise<unknown>;
  /** Sends the call itself (a live stream cannot go through inject). */
  custom?: (auth: Auth | undefined) => Promise<Answer>;
}

interface Row {
  route: string;
  build: (w: World, who: Who) => Req | Promise<Req>;
  expect: Record<Who, Outcome>;
}

/** Owner only (author's edit): another user and an admin get `other` / `admin`. */
const owned = (route: string, build: Row["build"], { other = 403, admin = "ok" as Outcome } = {}): Row => ({
  route,
  build,
  expect: { owner: "ok", other, anonymous: 401, admin },
});
/** Any signed-in caller acting as themselves (their settings, their like); anonymous 401. */
const self = (
  route: string,
  build: Row["build"],
  { other = "ok" as Outcome, admin = "ok" as Outcome } = {},
): Row => ({
  route,
  build,
  expect: { owner: "ok", other, anonymous: 401, admin },
});
/** Admins only (spec §6): the owner and another user 403, anonymous 401. */
const adminOnly = (route: string, build: Row["build"], admin: Outcome = "ok"): Row => ({
  route,
  build,
  expect: { owner: 403, other: 403, anonymous: 401, admin },
});
/** Open to everyone (login, registration, tokens from mails, beacons): the same answer whoever calls. */
const open = (route: string, build: Row["build"], outcome: Outcome = "ok"): Row => ({
  route,
  build,
  expect: { owner: outcome, other: outcome, anonymous: outcome, admin: outcome },
});

type Owned =
  | typeof entries
  | typeof comments
  | typeof pins
  | typeof collectionSets
  | typeof booklets
  | typeof bookletSections
  | typeof banners
  | typeof bills;
/** The resource's row as the database holds it now. */
const row = async (w: World, table: Owned, id: string): Promise<unknown> =>
  (await w.nugget.database.db.select().from(table).where(eq(table.id, id)))[0] ?? null;
const entryRow = (w: World, id: string) => () => row(w, entries, id);

const ROWS: Row[] = [
  // Auth (spec §7 Auth service): logging in is open; a logout ends the session it is called with.
  open(
    "POST /api/auth/type/email",
    (w) => ({ url: "/api/auth/type/email", body: { email: w.uniqueEmail(), password: "secret123" } }),
    404,
  ),
  open(
    "POST /api/auth/type/phoneNumber",
    (w) => ({
      url: "/api/auth/type/phoneNumber",
      body: { phoneNumber: w.uniquePhone(), password: "secret123" },
    }),
    404,
  ),
  // A logout ends the session it is sent with (a fresh one here); without one there is nothing to end.
  open("DELETE /api/auth", async (w, who) => ({
    url: "/api/auth",
    ...(who === "anonymous" ? {} : { auth: await w.login(w.people[who]) }),
  })),

  // Users (spec §7 User storage).
  self("GET /api/v1/getUserInfo", () => ({ url: "/api/v1/getUserInfo" })),
  self("POST /api/v1/updateUserInfo", () => ({
    url: "/api/v1/updateUserInfo",
    body: { field: "selfDescription", value: "权限矩阵" },
  })),
  self("POST /api/v1/changePassword", async (w, who) => {
    if (who === "anonymous")
      return {
        url: "/api/v1/changePassword",
        body: { old_password: "secret123", new_password: "secret456" },
      };
    const p = await w.person();
    return {
      url: "/api/v1/changePassword",
      auth: p.auth,
      body: { old_password: p.password, new_password: "secret456" },
    };
  }),
  // A reset tells nobody whether a phone has an account: the code is checked first.
  open(
    "POST /api/v1/restPassword",
    (w) => ({
      url: "/api/v1/restPassword",
      body: { phone: w.uniquePhone(), smsCode: "123456", new_password: "secret456" },
    }),
    10017,
  ),
  // Behind the image captcha: without it, 400 naming imageCode whoever asks.
  open(
    "POST /api/v1/restPwdByEmail",
    (w) => ({ url: "/api/v1/restPwdByEmail", body: { email: w.uniqueEmail() } }),
    400,
  ),
  open(
    "POST /api/v1/changePasswordByEmailToken",
    () => ({
      url: "/api/v1/changePasswordByEmailToken",
      body: { mail_token: "0".repeat(40), new_password: "secret456" },
    }),
    400,
  ),
  self("POST /api/v1/sendEmailToUser", () => ({
    url: "/api/v1/sendEmailToUser",
    body: { sendType: "verify" },
  })),
  open(
    "GET /api/v1/verifyUserEmail",
    () => ({ url: `/api/v1/verifyUserEmail?token=${"0".repeat(40)}` }),
    400,
  ),
  open(
    "POST /api/v1/verifyUserEmail",
    () => ({ url: "/api/v1/verifyUserEmail", body: { token: "0".repeat(40) } }),
    400,
  ),
  open("POST /api/v1/createUser", (w) => ({
    url: "/api/v1/createUser",
    body: { username: `权限_${w.uuid().slice(0, 8)}`, email: w.uniqueEmail(), password: "secret123" },
  })),
  open(
    "POST /api/v2/sendSmsCodeToUser",
    (w) => ({
      url: "/api/v2/sendSmsCodeToUser",
      body: { phone: w.uniquePhone(), imageToken: "0".repeat(32), imageCode: "abcd", useType: "signup" },
    }),
    400,
  ),
  ...(["POST /api/v1/bindUserMobile", "POST /api/v2/updateUserMobile"] as const).map((route) =>
    self(route, async (w, who) => {
      const url = route.split(" ")[1];
      if (who === "anonymous")
        return { url, body: { phone: w.uniquePhone(), smsCode: "123456", password: "secret123" } };
      const p = await w.person();
      const phone = w.uniquePhone();
      return {
        url,
        auth: p.auth,
        body: { phone, smsCode: await w.smsCode(phone, p.auth), password: p.password },
      };
    }),
  ),
  self("POST /api/v1/updateUserEmail", async (w, who) => {
    if (who === "anonymous")
      return { url: "/api/v1/updateUserEmail", body: { email: w.uniqueEmail(), password: "secret123" } };
    const p = await w.person();
    return {
      url: "/api/v1/updateUserEmail",
      auth: p.auth,
      body: { email: w.uniqueEmail(), password: p.password },
    };
  }),
  open(
    "POST /api/v1/revertEmailChange",
    () => ({ url: "/api/v1/revertEmailChange", body: { token: "0".repeat(40) } }),
    400,
  ),
  // Each caller unbinds only their own ways in (the call names no account), with their own
  // password; "a session without its password" below tries it bare.
  self("POST /api/v1/unbind", async (w, who) => {
    if (who === "anonymous") return { url: "/api/v1/unbind", body: { phone: true, password: "secret123" } };
    const p = await w.personWithPhone();
    return { url: "/api/v1/unbind", auth: p.auth, body: { phone: true, password: p.password } };
  }),

  // Tags and likes: each caller subscribes and likes as themselves.
  self("PUT /api/tag/subscribe/:id", (w) => ({ url: `/api/tag/subscribe/${w.tag.id}` })),
  self("DELETE /api/tag/subscribe/:id", (w) => ({ url: `/api/tag/subscribe/${w.tag.id}` })),
  self("PUT /api/user/like/entry/:id", (w) => ({ url: `/api/user/like/entry/${w.entry.id}` })),
  self("DELETE /api/user/like/entry/:id", (w) => ({ url: `/api/user/like/entry/${w.entry.id}` })),
  self("GET /api/user/like/entry/:id", (w) => ({ url: `/api/user/like/entry/${w.entry.id}` })),

  // Entries: the author or an admin edits and deletes (spec §6).
  self("POST /api/entryPublish", (w) => ({
    url: "/api/entryPublish",
    body: {
      originalUrl: `https://example.com/authz/${w.uuid()}`,
      title: "权限矩阵的分享",
      category: "frontend",
    },
  })),
  owned("POST /api/entryUpdate", (w) => ({
    url: "/api/entryUpdate",
    body: { entryId: w.entry.id, title: `改过的标题 ${w.uuid().slice(0, 6)}` },
    snapshot: entryRow(w, w.entry.id),
  })),
  // Applying as editor is deprecated (spec §5, §8): the same 410 for everyone.
  open("POST /api/v1/applyEditor", () => ({ url: "/api/v1/applyEditor", body: {} }), 410),
  owned("GET /api/entryDel", async (w) => {
    const e = await w.fresh.entry();
    return { url: `/api/entryDel?entryId=${e.id}`, snapshot: entryRow(w, e.id) };
  }),
  owned("POST /api/entryDel", async (w) => {
    const e = await w.fresh.entry();
    return { url: "/api/entryDel", body: { entryId: e.id }, snapshot: entryRow(w, e.id) };
  }),
  // Signed in, the SSRF guard refuses a loopback address (400) without fetching anything: past the login check.
  {
    route: "GET /api/page/info",
    build: () => ({ url: "/api/page/info?url=http://127.0.0.1/" }),
    expect: { owner: 400, other: 400, anonymous: 401, admin: 400 },
  },

  // Votes: anyone signed in creates one and answers once.
  self("POST /api/votes", (w) => ({
    url: "/api/votes",
    body: {
      title: `投票 ${w.uuid().slice(0, 6)}`,
      content: "选一个",
      category: "frontend",
      options: ["甲", "乙"],
    },
  })),
  self("POST /api/votes/:entryId/answer", (w) => ({
    url: `/api/votes/${w.vote.entryId}/answer`,
    body: { optionId: w.vote.optionId },
  })),

  // Comments: the author edits; the author or an admin deletes; anyone signed in comments and likes.
  self("POST /api/comment", (w) => ({
    url: "/api/comment",
    body: { content: "我也来说两句", targetId: w.entry.id, targetType: "entry" },
  })),
  owned(
    "PUT /api/comment/:id",
    (w) => ({
      url: `/api/comment/${w.comment}`,
      body: { content: `改过的评论 ${w.uuid()}` },
      snapshot: () => row(w, comments, w.comment),
    }),
    { admin: 403 },
  ),
  owned("DELETE /api/comment/:id", async (w) => {
    const id = await w.fresh.comment(w.entry.id);
    return { url: `/api/comment/${id}`, snapshot: () => row(w, comments, id) };
  }),
  self("PUT /api/comment/:id/like", (w) => ({ url: `/api/comment/${w.comment}/like` })),
  self("DELETE /api/comment/:id/like", (w) => ({ url: `/api/comment/${w.comment}/like` })),
  self("PUT /api/comment/:id/unlike", (w) => ({ url: `/api/comment/${w.comment}/unlike` })),

  // Drafts and articles: drafts are the author's alone (another user's draft is "not found").
  self("POST /api/drafts", () => ({ url: "/api/drafts", body: { title: "新草稿" } })),
  self("GET /api/drafts", () => ({ url: "/api/drafts" })),
  owned("GET /api/drafts/:id", (w) => ({ url: `/api/drafts/${w.draft}` }), { other: 404, admin: 404 }),
  owned(
    "PUT /api/drafts/:id",
    (w) => ({
      url: `/api/drafts/${w.draft}`,
      body: { title: `改过的草稿 ${w.uuid().slice(0, 6)}` },
      snapshot: entryRow(w, w.draft),
    }),
    { other: 404, admin: 404 },
  ),
  owned(
    "DELETE /api/drafts/:id",
    async (w) => {
      const id = await w.fresh.draft();
      return { url: `/api/drafts/${id}`, snapshot: entryRow(w, id) };
    },
    { other: 404, admin: 404 },
  ),
  owned(
    "POST /api/drafts/:id/publish",
    async (w) => {
      const id = await w.fresh.draft();
      return {
        url: `/api/drafts/${id}/publish`,
        body: { categoryId: w.entry.categoryId },
        snapshot: entryRow(w, id),
      };
    },
    { other: 404, admin: 404 },
  ),
  owned("GET /api/posts/:id/source", (w) => ({ url: `/api/posts/${w.post}/source` }), { admin: 403 }),
  owned(
    "PUT /api/posts/:id",
    (w) => ({
      url: `/api/posts/${w.post}`,
      body: { title: `改过的文章 ${w.uuid().slice(0, 6)}` },
      snapshot: entryRow(w, w.post),
    }),
    { admin: 403 },
  ),
  // The author or an admin deletes a published article (spec §6); editing stays the author's.
  owned("DELETE /api/posts/:id", async (w) => {
    const id = await w.fresh.post();
    return { url: `/api/posts/${id}`, snapshot: entryRow(w, id) };
  }),
  self("POST /api/markdown/preview", () => ({ url: "/api/markdown/preview", body: { content: "# 预览" } })),

  // Pins: anyone signed in posts and likes; the author or an admin deletes.
  self("POST /api/pins", () => ({ url: "/api/pins", body: { content: "一条沸点" } })),
  self("PUT /api/pins/:id/like", (w) => ({ url: `/api/pins/${w.pin}/like` })),
  self("DELETE /api/pins/:id/like", (w) => ({ url: `/api/pins/${w.pin}/like` })),
  owned("DELETE /api/pins/:id", async (w) => {
    const id = await w.fresh.pin();
    return { url: `/api/pins/${id}`, snapshot: () => row(w, pins, id) };
  }),

  // Follows: each caller follows the third user as themselves.
  ...["POST /api/follow", "PUT /api/follow", "POST /api/unfollow", "PUT /api/unfollow"].map((route) =>
    self(route, (w) => ({ url: route.split(" ")[1], body: { ids: w.people.third.id } })),
  ),
  ...["GET /api/follow", "GET /api/unfollow"].map((route) =>
    self(route, (w) => ({ url: `${route.split(" ")[1]}?ids=${w.people.third.id}` })),
  ),

  // Mute and block: each caller sets and lifts them on the third user, as themselves;
  // each is lifted in the next row, so no later row meets a block.
  ...["POST /api/mute", "POST /api/unmute", "POST /api/block", "POST /api/unblock"].map((route) =>
    self(route, (w) => ({ url: route.split(" ")[1], body: { uid: w.people.third.id } })),
  ),
  self("GET /api/blocks", () => ({ url: "/api/blocks?kind=block" })),

  // Invites: only for the caller's own uid.
  owned(
    "GET /api/sender/:uid/availableCode",
    (w) => ({ url: `/api/sender/${w.people.owner.id}/availableCode` }),
    { admin: 403 },
  ),
  owned(
    "POST /api/sender/:uid/postCode",
    (w) => ({
      url: `/api/sender/${w.people.owner.id}/postCode`,
      body: { receiverName: "朋友", receiverEmail: w.uniqueEmail() },
    }),
    { admin: 403 },
  ),

  // Mail push settings and notifications: the caller's own.
  self("GET /api/getStatus.php", () => ({ url: "/api/getStatus.php" })),
  self("GET /api/subscribe.php", () => ({ url: "/api/subscribe.php?type=week&check=false" })),
  self("POST /api/subscribe.php", () => ({ url: "/api/subscribe.php", body: { type: "week", check: true } })),
  self("GET /api/getUserNotificationNum", () => ({ url: "/api/getUserNotificationNum" })),
  ...["POST", "PUT"].flatMap((m) => [
    self(`${m} /api/setUserNotificationNum`, () => ({ url: "/api/setUserNotificationNum" })),
    self(`${m} /api/checkAllSystemNotification`, () => ({ url: "/api/checkAllSystemNotification" })),
  ]),
  self("GET /api/getUserNotification", () => ({ url: "/api/getUserNotification" })),
  self("GET /api/getUnreadSystemNotificationNum", () => ({ url: "/api/getUnreadSystemNotificationNum" })),
  self("GET /api/getSystemNotification", () => ({ url: "/api/getSystemNotification" })),
  self("GET /api/notifications/stream", (w) => ({
    url: "/api/notifications/stream",
    custom: (auth) => streamAnswer(w, auth),
  })),
  adminOnly("POST /api/systemNotification", () => ({
    url: "/api/systemNotification",
    body: { message: "权限矩阵的系统通知" },
  })),

  // Uploads.
  self("POST /api/upload", async () => ({ url: "/api/upload", multipart: await pngUpload() })),

  // Collection sets: the creator edits, deletes and fills them (spec §7); others follow them.
  self("POST /api/collectionset", () => ({ url: "/api/collectionset", body: { title: "新收藏集" } })),
  owned(
    "PUT /api/collectionset/:id",
    (w) => ({
      url: `/api/collectionset/${w.collectionSet}`,
      body: { title: `改过的收藏集 ${w.uuid().slice(0, 6)}` },
      snapshot: () => row(w, collectionSets, w.collectionSet),
    }),
    { admin: 403 },
  ),
  // An admin may take down anyone's set (spec §6), not edit it.
  owned("DELETE /api/collectionset/:id", async (w) => {
    const id = await w.fresh.collectionSet();
    return { url: `/api/collectionset/${id}`, snapshot: () => row(w, collectionSets, id) };
  }),
  ...["PUT", "POST"].flatMap((m) => [
    self(`${m} /api/collectionset/follow`, (w) => ({
      url: "/api/collectionset/follow",
      body: { csId: w.thirdCollectionSet },
    })),
    self(`${m} /api/collectionset/unfollow`, (w) => ({
      url: "/api/collectionset/unfollow",
      body: { csId: w.thirdCollectionSet },
    })),
    owned(
      `${m} /api/addEntry`,
      async (w) => {
        const id = await w.fresh.collectionSet();
        return {
          url: "/api/addEntry",
          body: { csId: id, entryId: w.entry.id },
          snapshot: () => setEntries(w, id),
        };
      },
      { admin: 403 },
    ),
    owned(
      `${m} /api/delEntry`,
      async (w) => {
        const id = await w.fresh.collectionSet();
        await send(w.nugget, "PUT", "/api/addEntry", w.people.owner.auth, { csId: id, entryId: w.entry.id });
        return {
          url: "/api/delEntry",
          body: { csId: id, entryId: w.entry.id },
          snapshot: () => setEntries(w, id),
        };
      },
      { admin: 403 },
    ),
  ]),
  self("GET /api/getUserCollectionSet/:page", () => ({ url: "/api/getUserCollectionSet/0" })),
  // Without targetUserId these list the caller's own sets.
  self("GET /api/getFollowedCollectionSet", () => ({ url: "/api/getFollowedCollectionSet" })),
  self("GET /api/getUserCollectionSet", () => ({ url: "/api/getUserCollectionSet" })),
  open("POST /api/increment", (w) => ({
    url: "/api/increment",
    body: { num: 1, event: "csNum", csId: w.collectionSet, src: "web" },
  })),

  // Booklets (ADR 008): authors write their own, admins any; paid sections only for buyers, author, admins.
  {
    route: "GET /api/booklets/get",
    build: (w) => ({ url: `/api/booklets/get?bookletId=${w.draftBooklet.id}` }),
    expect: { owner: "ok", other: 404, anonymous: 404, admin: "ok" },
  },
  owned("GET /api/booklets/getSection", (w) => ({
    url: `/api/booklets/getSection?sectionId=${w.booklet.paidSection}`,
  })),
  self("GET /api/booklets/userBuyList", () => ({ url: "/api/booklets/userBuyList" })),
  owned("GET /api/booklets/getListBuy", (w) => ({
    url: `/api/booklets/getListBuy?userId=${w.people.owner.id}`,
  })),
  // Booklet authors only (isXiaoceAuthor). Admins are refused too today, although spec §6 says they
  // bypass role checks: an admin has no reason to author booklets in their own name.
  self(
    "POST /api/booklets",
    () => ({
      url: "/api/booklets",
      body: { title: "新小册", summary: "简介", price: 0, category: "frontend" },
    }),
    { other: 403, admin: 403 },
  ),
  owned("PUT /api/booklets/:id", (w) => ({
    url: `/api/booklets/${w.booklet.id}`,
    body: { title: `改过的小册 ${w.uuid().slice(0, 6)}` },
    snapshot: () => row(w, booklets, w.booklet.id),
  })),
  // Another user's draft booklet does not exist for them (404), whatever they try on it.
  owned(
    "POST /api/booklets/:id/sections",
    (w) => ({
      url: `/api/booklets/${w.draftBooklet.id}/sections`,
      body: { title: "新的一节", content: "# 新", isFree: false },
      snapshot: () => sections(w, w.draftBooklet.id),
    }),
    { other: 404 },
  ),
  owned("PUT /api/booklets/sections/:sectionId", (w) => ({
    url: `/api/booklets/sections/${w.booklet.paidSection}`,
    body: { title: `改过的一节 ${w.uuid().slice(0, 6)}` },
    snapshot: () => row(w, bookletSections, w.booklet.paidSection),
  })),
  owned(
    "PUT /api/booklets/isDraft",
    async (w) => {
      const b = await w.fresh.booklet(w.people.owner, { draft: true });
      return {
        url: "/api/booklets/isDraft",
        body: { bookletId: b.id, isDraft: false },
        snapshot: () => row(w, booklets, b.id),
      };
    },
    { other: 404 },
  ),
  adminOnly("PUT /api/booklets/isHot", async (w) => {
    const b = await w.fresh.booklet();
    return {
      url: "/api/booklets/isHot",
      body: { bookletId: b.id, isHot: true },
      snapshot: () => row(w, booklets, b.id),
    };
  }),
  owned("PUT /api/booklets/isFreeSection", async (w) => {
    const b = await w.fresh.booklet();
    return {
      url: "/api/booklets/isFreeSection",
      body: { sectionId: b.paidSection, isFree: true },
      snapshot: () => row(w, bookletSections, b.paidSection),
    };
  }),
  adminOnly("GET /api/booklets/isHot", async (w) => {
    const b = await w.fresh.booklet();
    return {
      url: `/api/booklets/isHot?bookletId=${b.id}&isHot=true`,
      snapshot: () => row(w, booklets, b.id),
    };
  }),
  owned("GET /api/booklets/isFreeSection", async (w) => {
    const b = await w.fresh.booklet();
    return {
      url: `/api/booklets/isFreeSection?sectionId=${b.paidSection}&isFree=true`,
      snapshot: () => row(w, bookletSections, b.paidSection),
    };
  }),
  // The booklet editor's calls: the author or an admin; another user 403 (404 on a draft).
  owned("PUT /api/booklets/:id/sections/order", async (w) => {
    const b = await w.fresh.booklet();
    return {
      url: `/api/booklets/${b.id}/sections/order`,
      body: { sectionIds: [b.paidSection, b.freeSection] },
      snapshot: () => sections(w, b.id),
    };
  }),
  owned("DELETE /api/booklets/sections/:sectionId", async (w) => {
    const b = await w.fresh.booklet();
    return { url: `/api/booklets/sections/${b.paidSection}`, snapshot: () => sections(w, b.id) };
  }),
  owned("GET /api/booklets/sales", (w) => ({ url: `/api/booklets/sales?bookletId=${w.booklet.id}` })),
  open("GET /api/booklets/viewCountDetail", (w) => ({
    url: `/api/booklets/viewCountDetail?bookletId=${w.booklet.id}`,
  })),
  open("GET /api/booklets/viewCountContent", (w) => ({
    url: `/api/booklets/viewCountContent?sectionId=${w.booklet.freeSection}`,
  })),
  open("POST /api/booklets/viewCountDetail", (w) => ({
    url: "/api/booklets/viewCountDetail",
    body: { bookletId: w.booklet.id },
  })),
  open("POST /api/booklets/viewCountContent", (w) => ({
    url: "/api/booklets/viewCountContent",
    body: { sectionId: w.booklet.freeSection },
  })),
  self("POST /api/booklets/order/buy", (w) => ({
    url: "/api/booklets/order/buy",
    body: { bookletId: w.thirdBooklet.id, type: "wxpay" },
  })),
  self("POST /api/booklets/order/AlipayWapToBuy", (w) => ({
    url: "/api/booklets/order/AlipayWapToBuy",
    body: { bookletId: w.thirdBooklet.id },
  })),
  owned("GET /api/booklets/order/check", (w) => ({ url: `/api/booklets/order/check?orderId=${w.order}` }), {
    other: 404,
    admin: 404,
  }),
  // Called by the payment provider: an unsigned notice is refused whoever sends it.
  open(
    "POST /api/payments/notify/:channel",
    () => ({ url: "/api/payments/notify/dev", body: { orderId: "0".repeat(24) } }),
    400,
  ),

  // Wallet (ADR 008): s = 2 is the answer for an account without a wallet (spec §5).
  self("GET /api/wallet/haveWalletAccessRight", () => ({ url: "/api/wallet/haveWalletAccessRight" }), {
    other: 2,
    admin: 2,
  }),
  self("GET /api/wallet/getAmount", () => ({ url: "/api/wallet/getAmount" }), { other: 2, admin: 2 }),
  self("GET /api/wallet/getBill", () => ({ url: "/api/wallet/getBill" }), { other: 2, admin: 2 }),
  self("GET /api/wallet/checkApplyRules", () => ({ url: "/api/wallet/checkApplyRules" }), {
    other: 2,
    admin: 2,
  }),
  self(
    "POST /api/wallet/apply",
    (w) => ({
      url: "/api/wallet/apply",
      body: { volume: 1000, alipayAccount: "13800000000", name: "张三" },
      snapshot: () => walletBills(w),
    }),
    { other: 2, admin: 2 },
  ),
  adminOnly("GET /api/wallet/withdrawals", () => ({ url: "/api/wallet/withdrawals" })),
  adminOnly("POST /api/wallet/settle", async (w) => {
    const billId = await w.fresh.pendingWithdrawal();
    return {
      url: "/api/wallet/settle",
      body: { billId, status: "succeeded" },
      snapshot: () => row(w, bills, billId),
    };
  }),

  // Third-party login (ADR 010): binding needs a session and the owner's proof first;
  // the callback is guarded by its state.
  self("POST /api/oauth/:channel/bind", (w, who) => ({
    url: "/api/oauth/github/bind",
    body: { password: who === "anonymous" ? "secret123" : w.people[who].password },
  })),
  // A grant the owner's password earned starts the owner's binding only: another user's session,
  // an admin's included, cannot use it to bind for them or for itself.
  {
    route: "GET /api/oauth/:channel/start",
    build: async (w) => {
      const owner = w.people.owner;
      const caller = { userId: owner.id, sessionId: null, ip: "10.9.9.9", userAgent: "" };
      const { url } = await w.nugget.services.oauth.confirmBind(
        "github",
        { password: owner.password },
        caller,
      );
      return { url };
    },
    expect: { owner: "ok", other: 403, anonymous: 401, admin: 403 },
  },
  open(
    "GET /api/oauth/:channel/callback",
    () => ({ url: `/api/oauth/github/callback?code=x&state=${"0".repeat(32)}` }),
    400,
  ),

  // Banners and jobs: admins only.
  adminOnly("GET /api/banners", () => ({ url: "/api/banners" })),
  adminOnly("POST /api/banners", () => ({
    url: "/api/banners",
    body: { position: "hero", imageUrl: "https://example.com/b.png", url: "https://example.com/" },
  })),
  adminOnly("PUT /api/banners/:id", async (w) => {
    const id = await w.fresh.banner();
    return { url: `/api/banners/${id}`, body: { title: "改过的横幅" }, snapshot: () => row(w, banners, id) };
  }),
  adminOnly("DELETE /api/banners/:id", async (w) => {
    const id = await w.fresh.banner();
    return { url: `/api/banners/${id}`, snapshot: () => row(w, banners, id) };
  }),
  // My data: one's own export and deletion; a download for its owner alone.
  self("GET /api/account/exports", () => ({ url: "/api/account/exports" })),
  // A fresh account each: one export at a time per user.
  self("POST /api/account/exports", async (w, who) =>
    who === "anonymous"
      ? { url: "/api/account/exports" }
      : { url: "/api/account/exports", auth: (await w.person()).auth },
  ),
  {
    route: "GET /api/account/exports/:id/download",
    build: async (w) => ({ url: `/api/account/exports/${await ownersExport(w)}/download` }),
    expect: { owner: "ok", other: 403, anonymous: 401, admin: 403 },
  },
  // A fresh account each (the world's owner holds a wallet balance, and a deletion ends sessions).
  self("POST /api/account/deletion", async (w, who) => {
    if (who === "anonymous") return { url: "/api/account/deletion", body: { content: "keep" } };
    const p = await w.person();
    return { url: "/api/account/deletion", auth: p.auth, body: { content: "keep", password: p.password } };
  }),
  adminOnly("GET /api/admin/jobs", () => ({ url: "/api/admin/jobs" })),
  // No failed job to retry: an admin gets past the check to "not found".
  adminOnly(
    "POST /api/admin/jobs/retry",
    (w) => ({ url: "/api/admin/jobs/retry", body: { queue: "notify-followers", id: w.uuid() } }),
    404,
  ),
  // Moderation: anyone signed in reports someone else's content; the queue, decisions
  // and the audit log are staff's (editors too: moderation.test.ts), lifting a suspension admins'.
  self("POST /api/reports", async (w) => ({
    url: "/api/reports",
    body: { targetType: "entry", targetId: (await w.fresh.entry(w.people.third)).id, reason: "spam" },
  })),
  adminOnly("GET /api/admin/reports", () => ({ url: "/api/admin/reports" })),
  adminOnly("GET /api/admin/audit", () => ({ url: "/api/admin/audit" })),
  // No such open case: an admin gets past the check to "not found".
  adminOnly(
    "POST /api/admin/reports/:id/decide",
    () => ({ url: `/api/admin/reports/${"0".repeat(24)}/decide`, body: { action: "dismiss" } }),
    404,
  ),
  // The third person is not suspended: an admin gets past the check to 400.
  adminOnly(
    "DELETE /api/admin/users/:id/suspension",
    (w) => ({ url: `/api/admin/users/${w.people.third.id}/suspension` }),
    400,
  ),
];

const CALLERS: Who[] = ["anonymous", "other", "admin", "owner"];

/** The world owner's finished data export (made once): what its download row asks for. */
let exported: Promise<string> | undefined;
function ownersExport(w: World): Promise<string> {
  exported ??= (async () => {
    const caller = { userId: w.people.owner.id, sessionId: null, ip: "10.9.9.9", userAgent: "" };
    const { id } = await w.nugget.services.accountData.requestExport(caller);
    await w.nugget.jobs.drain(["account-export"]);
    return id;
  })();
  return exported;
}

let nugget: NuggetApp;
let routes: Set<string>;
let w: World;
let streamBase: string | undefined;

const setEntries = async (w: World, csId: string) =>
  w.nugget.database.db
    .select()
    .from(collectionSetEntries)
    .where(eq(collectionSetEntries.collectionSetId, csId));
const sections = async (w: World, bookletId: string) =>
  w.nugget.database.db.select().from(bookletSections).where(eq(bookletSections.bookletId, bookletId));
const walletBills = async (w: World) =>
  w.nugget.database.db.select().from(bills).where(eq(bills.userId, w.people.owner.id));

/** The live stream answers with headers at once and then stays open: opened on a listening app and closed. */
async function streamAnswer(w: World, auth: Auth | undefined): Promise<Answer> {
  streamBase ??= await w.nugget.app.listen({ host: "127.0.0.1", port: 0 });
  const stream = await openUnreadStream(streamBase, auth);
  try {
    const status = stream.response.status;
    if (stream.response.headers.get("content-type")?.includes("json")) {
      const body = (await stream.response.json()) as { s: number; m: string };
      return { status, s: body.s, m: body.m };
    }
    return { status, s: status === 200 ? 1 : undefined };
  } finally {
    stream.close();
  }
}

function matches(outcome: Outcome, a: Answer) {
  if (outcome === "ok") return a.status >= 200 && a.status < 400 && (a.s === undefined || a.s === 1);
  return a.s !== undefined ? a.s === outcome : a.status === outcome;
}

describe("authorization matrix", () => {
  beforeAll(async () => {
    ({ nugget, routes } = await withRouteList(() => testApp()));
    w = await buildWorld(nugget);
  }, 120_000);
  afterAll(async () => {
    await w?.settleLeftovers();
    await nugget?.app.close();
    await nugget?.database.close();
  });

  it("has a row for every write and private read, and no row for a route that is gone", () => {
    const api = [...routes].filter((r) => !r.startsWith("HEAD "));
    const covered = new Set([...ROWS.map((r) => r.route), ...Object.keys(PUBLIC)]);
    const missing = api.filter((r) => !covered.has(r));
    const stale = [...covered].filter((r) => !routes.has(r));
    const twice = ROWS.map((r) => r.route).filter((r, i, all) => all.indexOf(r) !== i || r in PUBLIC);
    expect(missing, "routes without a row in ROWS or a place in PUBLIC").toEqual([]);
    expect(stale, "rows or PUBLIC entries whose route is no longer registered").toEqual([]);
    expect(twice, "routes listed twice").toEqual([]);
    for (const r of api) {
      const [method, url] = r.split(" ");
      if (method !== "GET" && url.startsWith("/api/")) {
        expect(PUBLIC[r], `${r} changes state: it needs a row, not a place in PUBLIC`).toBeUndefined();
      }
    }
  });

  it("lets an anonymous caller make every public read", async () => {
    const refused: string[] = [];
    for (const r of Object.keys(PUBLIC)) {
      const [method, url] = r.split(" ");
      if (!url.startsWith("/api/") || url.startsWith("/api/docs")) continue;
      // Made-up ids: "not found" or "bad request" is fine, "log in first" is not.
      const a = await send(nugget, method, url.replace(/:\w+|\*/g, "0".repeat(24)), undefined);
      if (a.status === 401 || a.status === 403 || a.s === 401 || a.s === 403)
        refused.push(`${r}: ${a.status} ${a.m}`);
    }
    expect(refused, "PUBLIC routes that refuse an anonymous caller belong in ROWS").toEqual([]);
  });

  it("POST /api/entryUpdate with campaignTag: admins only (spec §6), on anyone's share", async () => {
    const expected: Record<Who, Outcome> = { owner: 403, other: 403, anonymous: 401, admin: "ok" };
    const wrong: string[] = [];
    for (const who of CALLERS) {
      const snapshot = entryRow(w, w.entry.id);
      const before = JSON.stringify(await snapshot());
      const auth = who === "anonymous" ? undefined : w.people[who].auth;
      const body = { entryId: w.entry.id, campaignTag: "征文活动" };
      const answer = await send(nugget, "POST", "/api/entryUpdate", auth, body);
      if (!matches(expected[who], answer)) {
        wrong.push(
          `${who}: expected ${expected[who]}, got HTTP ${answer.status} s=${answer.s} m=${answer.m}`,
        );
      }
      if (expected[who] !== "ok" && JSON.stringify(await snapshot()) !== before) {
        wrong.push(`${who}: refused, yet the entry changed`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a session without its password binds and unbinds nothing", async () => {
    const wrong: string[] = [];
    for (const who of ["owner", "other", "admin"] as const) {
      const p = await w.personWithPhone();
      const unbind = await send(nugget, "POST", "/api/v1/unbind", p.auth, { phone: true });
      const bind = await send(nugget, "POST", "/api/oauth/github/bind", w.people[who].auth, {});
      const start = await send(nugget, "GET", "/api/oauth/github/start?mode=bind", w.people[who].auth);
      for (const [what, a, outcome] of [
        ["unbind", unbind, 400],
        ["bind", bind, 400],
        ["start", start, 403],
      ] as const) {
        if (!matches(outcome, a)) wrong.push(`${who} ${what}: expected ${outcome}, got ${a.status} ${a.m}`);
      }
      const me = await w.nugget.services.users.getUserInfo({
        userId: p.id,
        sessionId: null,
        ip: "10.9.9.9",
        userAgent: "",
      });
      if (!me.mobilePhoneNumber) wrong.push(`${who}: the phone went anyway`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(ROWS.map((r) => [r.route, r] as const))("%s", async (_route, r) => {
    const [method] = r.route.split(" ");
    const wrong: string[] = [];
    for (const who of CALLERS) {
      const outcome = r.expect[who];
      const req = await r.build(w, who);
      const auth = who === "anonymous" ? undefined : (req.auth ?? w.people[who].auth);
      const check = outcome !== "ok" && req.snapshot ? req.snapshot : undefined;
      const before = check ? JSON.stringify(await check()) : undefined;
      if (before === "null") wrong.push(`${who}: the snapshot finds no resource to compare`);
      const answer = req.custom
        ? await req.custom(auth)
        : await send(nugget, method, req.url, auth, req.body, req.multipart);
      if (!matches(outcome, answer)) {
        wrong.push(`${who}: expected ${outcome}, got HTTP ${answer.status} s=${answer.s} m=${answer.m}`);
      }
      if (check && JSON.stringify(await check()) !== before) {
        wrong.push(`${who}: refused, yet the resource changed`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
