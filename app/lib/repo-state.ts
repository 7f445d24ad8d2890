/**
 * The repo index remembers its filters (spec §2, §9: local storage key "repo state"): the header's
 * 开源库 link goes back to the same language and period.
 */
import { REPO_STATE_KEY as STORAGE_KEY, storedRepoState } from "./repo-state-key";

export const REPO_SINCE = [
  { value: "daily", title: "今日" },
  { value: "weekly", title: "本周" },
  { value: "monthly", title: "本月" },
] as const;

export type RepoSince = (typeof REPO_SINCE)[number]["value"];

export interface RepoState {
  lang: string;
  since: RepoSince;
}

export function isRepoSince(value: string): value is RepoSince {
  return REPO_SINCE.some((s) => s.value === value);
}

/** /repos with lang omitted when all and since omitted when daily. */
export function repoIndexUrl(state: Partial<RepoState>): string {
  const params = new URLSearchParams();
  if (state.lang && state.lang !== "all") params.set("lang", state.lang);
  if (state.since && state.since !== "daily") params.set("since", state.since);
  const query = params.toString();
  return query ? `/repos?${query}` : "/repos";
}

export function saveRepoState(state: RepoState): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or storage full: the link simply falls back to /repos.
  }
}

export function loadRepoState(): Partial<RepoState> {
  try {
    const raw = storedRepoState();
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Partial<RepoState>;
    return {
      lang: typeof parsed.lang === "string" ? parsed.lang : undefined,
      since: typeof parsed.since === "string" && isRepoSince(parsed.since) ? parsed.since : undefined,
    };
  } catch {
    return {};
  }
}
