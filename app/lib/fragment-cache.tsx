import {
  createContext,
  createElement,
  use,
  type Context,
  type FunctionComponent,
  type ReactElement,
} from "react";

/**
 * Parts of a page the server renders once and then reuses as HTML (ADR 014). A cached part is a
 * pure function of its props: the same props give the same markup, whoever reads the page, so its
 * HTML is remembered under its props' JSON and laid into the page as it is. The browser renders the
 * part itself, so hydration meets the very markup React would have written inline.
 *
 * The server's renderer comes from entry.server.tsx through this context; in the browser there is
 * none, and a cached part is its component.
 */
export interface FragmentRenderer {
  /**
   * The contexts a part's components read, carried into its own render (router, shell): those that
   * know the reader as a visitor's page holds them (fragment-cache.server.ts).
   */
  carried: readonly Context<unknown>[];
  /** The part's inner HTML, or null when it must be rendered inline (it hoists something to the head). */
  html(key: string, render: () => ReactElement, carried: readonly unknown[]): string | null;
}

export const FragmentContext = createContext<FragmentRenderer | null>(null);

interface CachedProps<P> {
  /** The part's name in its key: two components never share one. */
  name: string;
  component: FunctionComponent<P>;
  props: P;
  /** The element that holds the part, rendered by this page (a list's `<li>`). */
  as: string;
  attributes: Record<string, string>;
}

/**
 * `<as {...attributes}><component {...props} /></as>`, its inside rendered once per distinct props on
 * the server. Only for components whose markup depends on nothing but their props: no `useId`, no
 * reading the viewer or the location into the markup. The viewer is kept out three ways (ADR 014):
 * a part's files read the shell as `usePublicShell()`, whose type has no viewer; the lint forbids
 * them `useShell` and the router's loader data; and the part's own render gets a visitor's shell.
 */
export function Cached<P extends object>({ name, component, props, as, attributes }: CachedProps<P>) {
  const renderer = use(FragmentContext);
  const inner = () => createElement(component, props);
  if (!renderer) return createElement(as, attributes, inner());
  const carried = renderer.carried.map((context) => use(context));
  const html = renderer.html(`${name} ${JSON.stringify(props)}`, inner, carried);
  if (html === null) return createElement(as, attributes, inner());
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
