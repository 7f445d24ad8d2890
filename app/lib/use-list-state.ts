import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

/** What a feed loader answers: its items and the next page's URL (null on the last page). */
export interface ListPage<T> {
  entries: T[];
  nextHref: string | null;
}

interface State<T> {
  key: string;
  list: T[];
  nextHref: string | null;
  error: string | null;
}

/**
 * The list state of spec §4 for a server-rendered feed. The first page comes from the route's loader;
 * fetch-more appends the next page through the same loader (useFetcher), only when not loading, with
 * a next page and a non-empty list. Items already shown are dropped by id, and a fetch that adds
 * nothing new disables next. An error stops loading, disables next and is kept. New parameters (`key`)
 * reset the list to the loader's page, and an answer to a request made before that is ignored.
 */
export function useListState<T extends { id: string }>(first: ListPage<T>, key: string) {
  const fetcher = useFetcher<ListPage<T>>();
  const fresh = (): State<T> => ({ key, list: first.entries, nextHref: first.nextHref, error: null });
  const [state, setState] = useState<State<T>>(fresh);
  if (state.key !== key) setState(fresh());
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || asked.current === null) return;
    const askedFor = asked.current;
    asked.current = null;
    if (askedFor !== key) return; // stale: the parameters changed while it was loading
    const page = fetcher.data;
    setState((s) => {
      if (!page) return { ...s, nextHref: null, error: "加载失败，请稍后重试" };
      const seen = new Set(s.list.map((item) => item.id));
      const added = page.entries.filter((item) => !seen.has(item.id));
      return added.length
        ? { ...s, list: [...s.list, ...added], nextHref: page.nextHref }
        : { ...s, nextHref: null };
    });
  }, [fetcher.state, fetcher.data, key]);

  const loading = fetcher.state !== "idle";
  return {
    list: state.list,
    loading,
    error: state.error,
    nextHref: state.nextHref,
    canNext: !!state.nextHref,
    fetchMore() {
      if (loading || !state.nextHref || state.list.length === 0) return;
      asked.current = key;
      setState((s) => ({ ...s, error: null }));
      fetcher.load(state.nextHref);
    },
  };
}
