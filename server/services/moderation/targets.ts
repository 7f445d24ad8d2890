import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { collectionSets, comments, entries, pins, users } from "../../../db/schema/index.ts";
import type { ReportTarget } from "../../../shared/report-rules.ts";
import { updateEntry } from "../entries/index.ts";
import { setPinHidden } from "../pins/index.ts";
import { setCommentHidden } from "../comments/index.ts";

/** What moderation needs to know of a reported target, read from its owner's table. */
export interface TargetFacts {
  /** Its author (the user themself for a user target). */
  authorId: string;
  /** A line of what it says, for the queue. */
  excerpt: string;
  /** Where staff read it. */
  href: string;
  /** The entry's kind (article/post/vote) for entries; else the target type. */
  kind: string;
  /** Hidden pending review already. */
  hidden: boolean;
  /** The notification's link, when it is about an entry or a pin. */
  about: { entryId?: string; pinId?: string };
}

const cut = (text: string, n = 120) => (text.length > n ? `${text.slice(0, n)}…` : text);

/**
 * Reads a target that still exists (not deleted): its facts, or undefined. One query by primary key.
 * Moderation reads these tables but writes them only through their owners' faces.
 */
export async function targetFacts(db: Tx, type: ReportTarget, id: string): Promise<TargetFacts | undefined> {
  switch (type) {
    case "entry": {
      const [e] = await db.select().from(entries).where(eq(entries.id, id)).limit(1);
      if (!e || e.deletedAt || e.status === "draft") return undefined;
      return {
        authorId: e.userId,
        excerpt: cut(`${e.title}${e.summary ? `：${e.summary}` : ""}`),
        href:
          e.type === "post"
            ? `/post/${e.id}`
            : e.type === "vote"
              ? `/entry/${e.id}/detail`
              : `/entry/${e.id}`,
        kind: e.type,
        hidden: e.status === "hidden",
        about: { entryId: e.id },
      };
    }
    case "pin": {
      const [p] = await db.select().from(pins).where(eq(pins.id, id)).limit(1);
      if (!p || p.deletedAt) return undefined;
      return {
        authorId: p.userId,
        excerpt: cut(p.content),
        href: `/pin/${p.id}`,
        kind: "pin",
        hidden: !!p.hiddenAt,
        about: { pinId: p.id },
      };
    }
    case "comment": {
      const [c] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
      if (!c || c.deletedAt) return undefined;
      const root = c.firstCommentId ?? c.id;
      const href =
        c.targetType === "entry"
          ? `/entry/${c.targetId}/detail/${root}`
          : c.targetType === "pin"
            ? `/pin/${c.targetId}`
            : c.targetType === "booklet"
              ? `/book/${c.targetId}`
              : `/repo/${c.targetId}`;
      const hidden = !!c.hiddenAt;
      return { authorId: c.userId, excerpt: cut(c.content), href, kind: "comment", hidden, about: {} };
    }
    case "collection": {
      const [s] = await db.select().from(collectionSets).where(eq(collectionSets.id, id)).limit(1);
      if (!s) return undefined;
      const excerpt = cut(`${s.title}${s.description ? `：${s.description}` : ""}`);
      return {
        authorId: s.userId,
        excerpt,
        href: `/collection/${s.id}`,
        kind: "collection",
        hidden: false,
        about: {},
      };
    }
    case "user": {
      const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!u) return undefined;
      const excerpt = cut(`${u.username}${u.selfDescription ? `：${u.selfDescription}` : ""}`);
      return { authorId: u.id, excerpt, href: `/user/${u.id}`, kind: "user", hidden: false, about: {} };
    }
  }
}

/**
 * Targets that can be hidden pending review: entries (status hidden: every list and count lets go
 * through entries/write.ts, as for a draft), pins and comments (hiddenAt: left out of lists).
 * Collection sets and users are deleted, or their author warned or suspended, instead.
 */
export const HIDEABLE: readonly ReportTarget[] = ["entry", "pin", "comment"];

/**
 * Hides a target or shows it again, in the caller's transaction, through its owner's face: its
 * owner's writer purges visitors' stored pages once the transaction commits.
 */
export async function setHidden(tx: Tx, type: ReportTarget, id: string, hidden: boolean): Promise<void> {
  if (type === "pin") return setPinHidden(tx, id, hidden);
  if (type === "comment") return setCommentHidden(tx, id, hidden);
  if (type !== "entry") return;
  const [row] = await tx.select().from(entries).where(eq(entries.id, id)).limit(1);
  if (!row || row.deletedAt || row.status === "draft") return;
  const status = hidden ? "hidden" : "published";
  if (row.status !== status) await updateEntry(tx, row, { status });
}
