import type { AppLoadContext } from "react-router";
import type { Banner } from "../../server/services/banners/present";
import type { TagSummary, UserSummary } from "./types";

/** The feed pages' sidebar: hot tags, recommended authors and aside banners, through their services. */
export async function loadSidebar(
  context: AppLoadContext,
): Promise<{ tags: TagSummary[]; authors: UserSummary[]; banners: Banner[] }> {
  const [tags, authors, banners] = await Promise.all([
    context.services.tags.list({ type: "hot", page: 1, pageSize: 12 }, context.caller),
    context.services.users.recommendedAuthors(5),
    context.services.banners.aside(),
  ]);
  return { tags: tags.list, authors, banners };
}
