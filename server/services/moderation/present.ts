import type { PublicUserRow } from "../users/index.ts";
import type { CaseRow, LogRow } from "./queries.ts";

const person = (u: PublicUserRow | undefined) =>
  u ? { id: u.id, username: u.username, avatarLarge: u.avatarLarge } : null;

/** One row of the queue: a reported target with its reports gathered. */
export function presentCase(
  c: CaseRow,
  usersById: Map<string, PublicUserRow>,
  words: { reason: string; text: string; createdAt: Date }[],
) {
  return {
    id: c.id,
    targetType: c.targetType,
    targetId: c.targetId,
    href: c.href,
    excerpt: c.excerpt,
    author: person(c.authorId ? usersById.get(c.authorId) : undefined),
    reporterCount: c.reporterCount,
    reasons: c.reasons,
    /** "" for reports only; "links" or "reports" when the first line hid it. */
    autoFlag: c.autoFlag,
    hidden: c.hidden,
    /** The oldest report's time (or the auto-flag's). */
    openedAt: c.openedAt.toISOString(),
    /** The first few reports' own words. */
    reports: words.map((w) => ({ reason: w.reason, text: w.text, createdAt: w.createdAt.toISOString() })),
  };
}
export type PresentedCase = ReturnType<typeof presentCase>;

/** One row of the audit log; `actor` null for the site's automatic first line. */
export function presentLogRow(r: LogRow, usersById: Map<string, PublicUserRow>) {
  return {
    id: r.id,
    actor: person(r.actorId ? usersById.get(r.actorId) : undefined),
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}
