import { sql } from "drizzle-orm";
import { repos } from "../../../db/schema/index.ts";
import { rowTarget } from "./row-target.ts";

/**
 * Repos (spec §3 Repo) as a comment target: every mirrored repo is live (there is no soft delete),
 * and repos.commentsCount moves with the comment rows in the comment's transaction. A repo has no
 * owner among our users (its `owner` lives on the code host), so ownerId is "" and nobody is
 * notified of a root comment; replies still tell whom they answer.
 */
export const repoTarget = rowTarget(repos, "commentsCount", sql<boolean>`true`, sql<string>`''`);
