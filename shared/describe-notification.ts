/** A notification as one sentence and where it leads (spec §3): the list shows it, the notifications tests read it. */
import type { PresentedNotification } from "./api-types.ts";

type Entry = NonNullable<PresentedNotification["entry"]>;

/** Where an entry lives: column articles at /post/{id}, everything else at /entry/{id}. */
export function entryHref(entry: Pick<Entry, "id" | "type">): string {
  return entry.type === "post" ? `/post/${entry.id}` : `/entry/${entry.id}`;
}

/** Who did it: the latest three names, then "等 n 人" (n counts everyone folded in). */
function actorsText(n: PresentedNotification): string {
  if (!n.users.length) return "某位用户";
  const total = Math.max(n.userCount ?? 0, n.users.length);
  const names = n.users
    .slice(-3)
    .reverse()
    .map((u) => u.username)
    .join("、");
  return total > 3 || total > n.users.length ? `${names} 等 ${total} 人` : names;
}

const titleOf = (e: Entry | null) => `《${e?.title ?? "已删除的文章"}》`;

/**
 * The sentence of a notification (spec §3) and where it leads: the entry, the comment highlighted
 * on the entry's detail page, or the actor's profile. The whole sentence is one link, so its
 * accessible name reads as the sentence.
 */
export function describeNotification(n: PresentedNotification): { text: string; href: string | null } {
  const who = actorsText(n);
  const onEntry = (commentId: string | undefined) =>
    n.entry && commentId ? `/entry/${n.entry.id}/detail/${commentId}` : n.entry ? entryHref(n.entry) : null;
  if (n.pin) {
    const href = `/pin/${n.pin.id}`;
    const pinText = `你的沸点「${n.pin.content}」`;
    if (n.type === "like") return { text: `${who} 赞了${pinText}`, href };
    if (n.type === "comment") return { text: `${who} 评论了${pinText}：${n.comment?.content ?? ""}`, href };
    if (n.type === "reply") return { text: `${who} 回复了你的评论：${n.reply?.content ?? ""}`, href };
  }
  switch (n.type) {
    case "like":
      return { text: `${who} 赞了你的文章${titleOf(n.entry)}`, href: n.entry ? entryHref(n.entry) : null };
    case "comment":
      return {
        text: `${who} 评论了你的文章${titleOf(n.entry)}：${n.comment?.content ?? ""}`,
        href: onEntry(n.comment?.firstCommentId),
      };
    case "reply":
      return {
        text: `${who} 回复了你的评论：${n.reply?.content ?? ""}`,
        href: onEntry(n.reply?.firstCommentId ?? n.comment?.firstCommentId),
      };
    case "follow":
      return { text: `${who} 关注了你`, href: n.users[0] ? `/user/${n.users[0].id}` : null };
    case "submitEntry": {
      const entry = n.submitEntry ?? n.entry;
      return { text: `${who} 发布了新文章${titleOf(entry)}`, href: entry ? entryHref(entry) : null };
    }
    case "moderation":
      // The site's own word: no actor; it leads to the content while that still shows.
      return {
        text: n.content,
        href: n.pin ? `/pin/${n.pin.id}` : n.entry ? entryHref(n.entry) : null,
      };
    case "system":
      // The site's notice about the reader's own account (the data export): no actor.
      return { text: n.content, href: null };
    default:
      return { text: `${who} ${n.content}`.trim(), href: null };
  }
}
