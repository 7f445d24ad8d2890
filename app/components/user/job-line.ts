/**
 * 职位 @ 公司 under a person's name, as the user lists, the profile head and the suggested users show
 * it; empty when neither is given. Not in shared/format.ts, which rides in the shell chunk every page
 * loads; the article page and its likers dialog write it out, as one more chunk there would cost the
 * article's JavaScript budget.
 */
export function jobLine(user: { jobTitle?: string | null; company?: string | null }): string {
  return [user.jobTitle, user.company].filter(Boolean).join(" @ ");
}
