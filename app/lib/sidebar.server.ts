import type { AppLoadContext } from "react-router";
import type { TagSummary, UserSummary } from "./types";

/** The feed pages' sidebar: hot tags and recommended authors, loaded through their services. */
export async function loadSidebar(
  context: AppLoadContext,
): Promise<{ tags: TagSummary[]; authors: UserSummary[] }> {
  const [tags, authors] = await Promise.all([
    context.services.tags.list({ type: "hot", page: 1, pageSize: 12 }, context.caller),
    context.services.users.recommendedAuthors(5),
  ]);
  return { tags: tags.list, authors };
}
