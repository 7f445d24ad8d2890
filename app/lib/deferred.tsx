import {
  createElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type HTMLAttributes,
} from "react";

export interface DeferredProps<P> {
  /** The outer element's attributes: it is rendered at once, on the server and in the browser. */
  attrs?: HTMLAttributes<HTMLElement>;
  /** What the deferred component gets. */
  props: P;
  /** Load at once even when the part waits for the viewport (e.g. it has to scroll to itself). */
  eager?: boolean;
  /**
   * What the markup shows (the comments' target…): once it changes before the code is there (a
   * client-side navigation to another article reuses the component), the server's markup is
   * another page's, so it goes and the code loads at once.
   */
  identity?: string;
}

export interface DeferredOptions {
  tag?: "div" | "section";
  /**
   * Load only once the element comes this close to the viewport (an IntersectionObserver
   * rootMargin, e.g. "600px 0px"); without it the code loads right after hydration.
   */
  near?: string;
}

const noSubscribe = () => () => {};

/**
 * A part of the page whose code is not in the page's own JavaScript (the budget) but whose
 * markup still comes with the document: the server renders `load`'s component in full inside a
 * `tag` element; the browser keeps that markup as it is, not hydrated, until the code has loaded
 * (at once, or when the element comes near the viewport, or at the first focus or press inside
 * it), then renders the component in its place. Rendered without server markup (a client-side
 * navigation) the element stays empty until the code is there; once loaded it renders at once.
 * Until then the kept markup does not follow new props: parts that load at once are stale for a
 * moment at most; one that waits for the viewport names what it shows in `identity`.
 *
 * Not React.lazy alone: a dehydrated Suspense boundary that receives new props or context before
 * its code arrives is thrown away and shows its fallback, and a transition waiting on it would
 * hold the whole page. A `dangerouslySetInnerHTML` of "" is not compared during hydration (the
 * server's children stay) and never changes afterwards, so nothing re-renders the kept markup.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { tag = "div", near }: DeferredOptions = {},
): ComponentType<DeferredProps<P>> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // a failed chunk request may be tried again
        throw error;
      },
    ));

  // onAllReady (app/entry.server.tsx) waits for it: the document carries the full markup.
  const OnServer = lazy(() => get().then((component) => ({ default: component })));
  function Server({ attrs, props }: DeferredProps<P>) {
    return createElement(
      tag,
      attrs,
      <Suspense fallback={null}>
        <OnServer {...props} />
      </Suspense>,
    );
  }

  function Browser({ attrs, props, eager = false, identity }: DeferredProps<P>) {
    // True when this render hydrates the server's markup (the server snapshot is used then).
    const hydrating = useSyncExternalStore(
      noSubscribe,
      () => false,
      () => true,
    );
    const [fromServer] = useState(hydrating);
    const [firstIdentity] = useState(identity);
    const kept = fromServer && identity === firstIdentity;
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    const element = useRef<HTMLElement>(null);

    const start = useCallback(() => {
      get().then(
        (component) => setLoaded(() => component),
        (error: unknown) => console.error("[deferred]", error),
      );
    }, []);

    useEffect(() => {
      if (Loaded) return;
      const target = element.current;
      if (!near || !kept || eager || !target || typeof IntersectionObserver === "undefined") {
        start();
        return;
      }
      const observer = new IntersectionObserver(
        (records) => {
          if (!records.some((record) => record.isIntersecting)) return;
          observer.disconnect();
          start();
        },
        { rootMargin: near },
      );
      observer.observe(target);
      return () => observer.disconnect();
    }, [Loaded, kept, eager, start]);

    if (Loaded) return createElement(tag, { ...attrs, key: "live", ref: element }, <Loaded {...props} />);
    if (!kept) return createElement(tag, { ...attrs, key: "empty", ref: element });
    return createElement(tag, {
      ...attrs,
      key: "kept",
      ref: element,
      onFocus: start,
      onPointerDown: start,
      dangerouslySetInnerHTML: { __html: "" },
      suppressHydrationWarning: true,
    });
  }

  return import.meta.env.SSR ? Server : Browser;
}
