import { CATEGORIES } from "../../../db/reference-data.ts";
import { presentPublicUser, presentUserCard } from "../users/index.ts";
import type { PublicUserRow } from "../users/index.ts";
import type { BookletRow, SectionHead } from "./queries.ts";

/** The author as a booklet shows them (spec §3 Booklet: user as userDetail). */
export function presentAuthor(row: PublicUserRow | undefined) {
  if (!row) return null;
  const u = presentPublicUser(row);
  return { ...presentUserCard(u), selfDescription: u.selfDescription, bookletCount: u.bookletCount };
}
export type BookletAuthor = NonNullable<ReturnType<typeof presentAuthor>>;

/** The viewer's relation to a booklet. */
export interface Access {
  /** Bought (a paid order), or is the author: every section is readable. */
  bought: boolean;
  isAuthor: boolean;
  isAdmin: boolean;
}

export interface PresentedBooklet {
  id: string;
  title: string;
  summary: string;
  cover: string;
  /** Cents; 0 is free. */
  price: number;
  category: { id: string; name: string; title: string } | null;
  user: BookletAuthor | null;
  isHot: boolean;
  isDraft: boolean;
  isFinished: boolean;
  sectionsCount: number;
  buyCount: number;
  commentsCount: number;
  viewCount: number;
  /** The caller bought it (false for visitors). */
  bought: boolean;
  /** The caller wrote it. */
  isAuthor: boolean;
  /** The caller may read every section (bought, author or admin). */
  canRead: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Row → spec §3 Booklet. */
export function presentBooklet(
  row: BookletRow,
  author: PublicUserRow | undefined,
  access: Access,
): PresentedBooklet {
  const category = CATEGORIES.find((c) => c.id === row.categoryId);
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    price: row.price,
    category: category ? { id: category.id, name: category.name, title: category.title } : null,
    user: presentAuthor(author),
    isHot: row.isHot,
    isDraft: row.isDraft,
    isFinished: row.isFinished,
    sectionsCount: row.sectionsCount,
    buyCount: row.buyCount,
    commentsCount: row.commentsCount,
    viewCount: row.viewCount,
    bought: access.bought,
    isAuthor: access.isAuthor,
    canRead: access.bought || access.isAuthor || access.isAdmin || row.price === 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface PresentedSection {
  id: string;
  bookletId: string;
  title: string;
  /** Readable without buying. */
  isFree: boolean;
  isHot: boolean;
  order: number;
  viewCount: number;
  /** This caller may read it (free, bought, author or admin). */
  readable: boolean;
  createdAt: string;
  updatedAt: string;
}

export function presentSection(row: SectionHead, readable: boolean): PresentedSection {
  return {
    id: row.id,
    bookletId: row.bookletId,
    title: row.title,
    isFree: row.isFree,
    isHot: row.isHot,
    order: row.order,
    viewCount: row.viewCount,
    readable,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A readable section with its text: the Markdown (for the author's editor) and the safe HTML. */
export interface SectionContent extends PresentedSection {
  content: string;
  html: string;
  toc: { level: number; text: string; id: string }[];
}
