/**
 * Where the repo index keeps its filters (app/lib/repo-state.ts). Apart from it so the header can
 * tell whether there are any without loading the rest: most readers never used the repo index.
 */
export const REPO_STATE_KEY = "nugget.repoState";

/** The stored filters as saved, or null (none, or storage refused). */
export function storedRepoState(): string | null {
  try {
    return window.localStorage.getItem(REPO_STATE_KEY);
  } catch {
    return null;
  }
}
