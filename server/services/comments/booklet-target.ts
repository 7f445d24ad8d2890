import { sql } from "drizzle-orm";
import { booklets } from "../../../db/schema/index.ts";
import { rowTarget } from "./row-target.ts";

/**
 * Booklets (小册): comments hang on published ones (a draft is not live); booklets.commentsCount
 * moves with the comment row, under the booklet row lock the comment service takes first.
 */
export const bookletTarget = rowTarget(
  booklets,
  "commentsCount",
  sql<boolean>`not ${booklets.isDraft}`,
  booklets.userId,
);
