import { Type, type Static } from "@sinclair/typebox";
import { hexId, hexIdList } from "../../lib/route.ts";
import { Nullable } from "../../lib/response.ts";
import { HEX_ID_SOURCE } from "../../../shared/ids.ts";
import type { PgColumn } from "drizzle-orm/pg-core";
import { trackingEvents } from "../../../db/schema/index.ts";

/** A varchar column's width (there at run time; the table's types leave it out). */
const widthOf = (column: PgColumn) => (column as PgColumn & { length: number }).length;

/**
 * The widths of tracking_events' bounded columns, which every field written into one keeps to: a
 * longer value answers 400 naming its field, where it would have failed the INSERT of its batch.
 */
const WIDTH = {
  category: widthOf(trackingEvents.category),
  source: widthOf(trackingEvents.source),
  suid: widthOf(trackingEvents.suid),
};

/** Entry ids one /collector call may carry; a longer list answers 400 naming `ids`. */
export const MAX_COLLECTOR_IDS = 50;

/**
 * The actions of spec §7 Tracking, by the object they act on: click … share on an entry, follow and
 * unfollow on a collection set, plus the page view (`view` on `page`, sent after each navigation)
 * and a banner click (the only other thing the site tracks).
 */
export const ACTIONS_BY_OBJECT = {
  entry: ["click", "like", "unlike", "collect", "uncollect", "view", "share"],
  collection: ["follow", "unfollow"],
  page: ["view"],
  banner: ["click"],
} as const;

export type TrackedObject = keyof typeof ACTIONS_BY_OBJECT;
export type TrackedAction = (typeof ACTIONS_BY_OBJECT)[TrackedObject][number];

export const TRACKED_ACTIONS = [...new Set(Object.values(ACTIONS_BY_OBJECT).flat())] as TrackedAction[];
export const TRACKED_OBJECTS = Object.keys(ACTIONS_BY_OBJECT) as TrackedObject[];

const uid = hexId("调用者的用户 id（可不传）；与会话用户不一致时不采用，事件记在会话用户名下");
/** The browser id gen_suid hands out: opaque, URL-safe. */
const suid = Type.String({
  pattern: `^[A-Za-z0-9_-]{1,${WIDTH.suid}}$`,
  description: "gen_suid 生成的浏览器标识",
});
const source = Type.String({ pattern: `^[a-z0-9_-]{1,${WIDTH.source}}$`, description: "来源，默认 web" });
const location = Type.String({ maxLength: 500, description: "当前页面地址（路径与查询）" });
/** Where an event happened and whose it is, the same on every beacon (punch names the source src). */
const pageContext = {
  location: Type.Optional(location),
  source: Type.Optional(source),
  suid: Type.Optional(suid),
  uid: Type.Optional(uid),
};

export const LogQuery = Type.Object({
  action: Type.Union(
    TRACKED_ACTIONS.map((a) => Type.Literal(a)),
    { description: `动作：${TRACKED_ACTIONS.join("、")}` },
  ),
  objectType: Type.Optional(
    Type.Union(
      TRACKED_OBJECTS.map((o) => Type.Literal(o)),
      { description: "对象类型：entry（默认）、collection、page、banner" },
    ),
  ),
  target: Type.Optional(
    Type.String({
      pattern: `^(${HEX_ID_SOURCE})?$`,
      description: "对象 id（page 不需要）；不传时取 value（规格的 /log 以 value 传对象 id）",
    }),
  ),
  value: Type.Optional(Type.String({ maxLength: 200, description: "附加值；规格的形式里是对象 id" })),
  category: Type.Optional(Type.String({ maxLength: WIDTH.category })),
  referrer: Type.Optional(Type.String({ maxLength: 500 })),
  ...pageContext,
});
export type LogQuery = Static<typeof LogQuery>;

export const CollectorQuery = Type.Object({
  ids: hexIdList(MAX_COLLECTOR_IDS, `展示过的文章 id，用 | 连接，最多 ${MAX_COLLECTOR_IDS} 个`, {
    maxLength: MAX_COLLECTOR_IDS * 25,
  }),
  ...pageContext,
});
export type CollectorQuery = Static<typeof CollectorQuery>;

export const PunchQuery = Type.Object({
  sub_location: Type.Optional(Type.String({ maxLength: WIDTH.category, description: "页面内的位置" })),
  location: Type.Optional(location),
  src: Type.Optional(source),
  suid: Type.Optional(suid),
  uid: Type.Optional(uid),
});
export type PunchQuery = Static<typeof PunchQuery>;

export const GenSuidQuery = Type.Object({ src: Type.Optional(source) });

/** Spec §7 collection statistics: what the page reports after a collect, follow or post. */
export const INCREMENT_EVENTS = ["csNum", "csFollow", "csPost"] as const;
export const IncrementBody = Type.Object({
  num: Type.Union([Type.Literal(1), Type.Literal(-1)], { description: "+1 或 -1" }),
  event: Type.Union(
    INCREMENT_EVENTS.map((e) => Type.Literal(e)),
    { description: "csNum（收进条目数）、csFollow（关注数）或 csPost（发布数）" },
  ),
  csId: hexId("收藏集 id"),
  src: Type.Optional(Type.String({ maxLength: WIDTH.source, description: "来源，默认 web" })),
});
export type IncrementBody = Static<typeof IncrementBody>;

/** What a tracking call answers (tracking.ts Recorded). */
export const Recorded = Type.Object({
  recorded: Type.Number({ description: "记下的事件数" }),
  uid: Nullable(Type.String({ description: "事件记在谁名下：会话用户，未登录为 null" })),
});

/** increment: the event recorded and the collection set's real counts. */
export const IncrementAnswer = Type.Object({
  ...Recorded.properties,
  csId: Type.String(),
  entryCount: Type.Number(),
  followerCount: Type.Number(),
});

export const Suid = Type.Object({ suid: Type.String({ description: "22 个字符的随机 base64url 串" }) });
