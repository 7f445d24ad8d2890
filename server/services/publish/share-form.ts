/**
 * The share form of entryPublish and entryUpdate: its fields, each checked by the rules of
 * shared/publish-rules.ts and turned into the entry's column changes. Every bad field answers 400
 * naming it; the service (publish.ts) decides who may change what.
 */
import type { Tx } from "../../../db/client.ts";
import { storedCategories, type CategoryRow } from "../../../db/reference-data.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { HEX_ID } from "../../../shared/ids.ts";
import {
  checkCampaignTag,
  checkShareContent,
  checkShareTitle,
  normalizeShareUrl,
  parseExtra,
  SHARE_LIMITS,
  SHARE_TYPES,
  type ShareType,
} from "../../../shared/publish-rules.ts";
import type { EntryRow } from "../entries/index.ts";
import type { UserRow } from "../users/index.ts";
import { existingTagIds } from "../tags/index.ts";

/** The form of entryPublish (all strings, as a form posts them). */
export interface PublishInput {
  originalUrl?: string;
  title?: string;
  type?: string;
  content?: string;
  category?: string;
  tags?: string;
  screenshot?: string;
  extra?: string;
  /** Admins only (spec §6): the campaign tag, "" to take it off. */
  campaignTag?: string;
}

/** entryUpdate: the entry, then any of the publish fields, or hot (editors and admins only). */
export interface UpdateInput extends PublishInput {
  entryId: string;
  hot?: string | number | boolean;
}

/** The share fields of the form: an update that carries none of them changes no column. */
export const FIELDS = [
  "originalUrl",
  "title",
  "type",
  "content",
  "category",
  "tags",
  "screenshot",
  "extra",
] as const satisfies readonly (keyof PublishInput)[];

/** The entry columns the form can change. */
export type Changes = Partial<
  Pick<
    EntryRow,
    | "originalUrl"
    | "title"
    | "type"
    | "content"
    | "summary"
    | "categoryId"
    | "screenshot"
    | "vote"
    | "original"
    | "gfw"
    | "english"
    | "campaignTag"
  >
>;

/** A 24-hex id from the form, trimmed; 400 naming `field` otherwise. */
export function checkId(raw: string | undefined, field: string): string {
  const id = (raw ?? "").trim();
  if (!HEX_ID.test(id)) throw badRequest(`${field} 格式不正确，应为 24 位十六进制 id`, field);
  return id;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The campaign tag a call carries, checked: undefined when it carries none. Spec §6: admins mark
 * shares with it, and a role check others fail is Forbidden — 403 naming the field, rather than
 * silently dropping what the caller asked for.
 */
export function campaignTagOf(input: PublishInput, user: UserRow): string | undefined {
  if (input.campaignTag === undefined) return undefined;
  if (user.role !== "admin") throw new AppError(403, "只有管理员可以设置活动标签", "campaignTag");
  const problem = checkCampaignTag(input.campaignTag);
  if (problem) throw badRequest(problem, "campaignTag");
  return collapse(input.campaignTag);
}

async function resolveCategory(db: Tx, raw: string): Promise<CategoryRow> {
  const value = raw.trim();
  if (!value) throw badRequest("请选择分类", "category");
  const found = (await storedCategories(db)).find((c) => c.id === value || c.name === value.toLowerCase());
  if (!found) throw badRequest("分类不存在", "category");
  return found;
}

async function resolveTags(db: Tx, raw: string): Promise<string[]> {
  const ids = [
    ...new Set(
      raw
        .split("|")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > SHARE_LIMITS.tagsMax) throw badRequest(`最多选择 ${SHARE_LIMITS.tagsMax} 个标签`, "tags");
  if (ids.some((id) => !HEX_ID.test(id))) throw badRequest("标签 id 格式不正确", "tags");
  const known = await existingTagIds(db, ids);
  if (ids.some((id) => !known.has(id))) throw badRequest("标签不存在", "tags");
  return ids;
}

/**
 * Checks the fields given and turns them into column changes. `full` (publish) fills defaults and
 * requires title and category; an update checks only what it carries. The article-needs-a-URL rule
 * is checked by the caller on the merged result.
 */
export async function fieldChanges(
  db: Tx,
  input: PublishInput,
  full: boolean,
): Promise<{ changes: Changes; tagIds?: string[] }> {
  const changes: Changes = {};
  if (input.type !== undefined || full) {
    const type = (input.type ?? "article").trim() || "article";
    if (type === "post") throw badRequest("专栏文章请在编辑器中发布和修改", "type");
    if (type === "vote") throw badRequest("投票不能通过分享发布", "type");
    if (!(SHARE_TYPES as readonly string[]).includes(type)) throw badRequest("类型不正确", "type");
    changes.type = type as ShareType;
  }
  if (input.title !== undefined || full) {
    const problem = checkShareTitle(input.title ?? "");
    if (problem) throw badRequest(problem, "title");
    changes.title = collapse(input.title!);
  }
  if (input.originalUrl !== undefined || full) {
    const raw = (input.originalUrl ?? "").trim();
    if (raw) {
      const url = normalizeShareUrl(raw);
      if (!url) throw badRequest("原文链接必须是 http:// 或 https:// 开头的网址", "originalUrl");
      changes.originalUrl = url;
    } else {
      changes.originalUrl = "";
    }
  }
  if (input.content !== undefined || full) {
    const content = (input.content ?? "").trim();
    const problem = checkShareContent(content);
    if (problem) throw badRequest(problem, "content");
    changes.content = content;
    changes.summary = collapse(content);
  }
  if (input.category !== undefined || full) {
    changes.categoryId = (await resolveCategory(db, input.category ?? "")).id;
  }
  if (input.screenshot !== undefined || full) {
    const raw = (input.screenshot ?? "").trim();
    const url = raw ? normalizeShareUrl(raw) : "";
    if (url === null) throw badRequest("封面图必须是 http:// 或 https:// 开头的网址", "screenshot");
    changes.screenshot = url;
  }
  if (input.extra !== undefined || full) {
    const flags = parseExtra(input.extra ?? "0|0|0|0");
    if (!flags)
      throw badRequest(
        "extra 应为 4 个 0/1 标志，用 | 分隔（vote|original|gfw|english），如 0|1|0|0",
        "extra",
      );
    Object.assign(changes, flags);
  }
  const tagIds = input.tags !== undefined || full ? await resolveTags(db, input.tags ?? "") : undefined;
  return { changes, tagIds };
}
