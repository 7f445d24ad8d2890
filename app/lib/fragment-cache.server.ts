import { createElement, type Context } from "react";
import { renderToString } from "react-dom/server";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  type RouterState,
} from "react-router";
import { ShellContext } from "~/components/shell/shell-context";
import type { FragmentRenderer } from "./fragment-cache";
import { NonceContext } from "./nonce";
import type { RootData } from "./root-data";
import { ByteBudgetMap } from "../../shared/byte-budget-map";

/**
 * What the remembered parts may hold, in all: a card's key and HTML are about 2 KB together (UTF-16
 * keys count twice), so this keeps some 4,000 cards — every card of the first pages of every list.
 */
const BUDGET_BYTES = 16 * 1024 * 1024;

/** A context a part's own render is given again, and what of the page's value it gets. */
interface Carried {
  context: Context<unknown>;
  forNobody?: (value: unknown) => unknown;
}

function carry<T>(context: Context<T>, forNobody?: (value: T) => T): Carried {
  return { context, forNobody } as Carried;
}

// The contexts a part's components read (a link its router, a button the shell), so that its own
// render on the server sees what the page's render sees, but for who reads it. The two that know
// the reader give what a visitor's page holds (ADR 014): a part's HTML is served to every reader,
// so a read of the viewer that got past the types and the lint (an `as`) still renders a visitor's
// markup, the same for everyone. No route's own data either: what a part shows comes from its props.
const CARRIED: readonly Carried[] = [
  carry(UNSAFE_FrameworkContext),
  carry(UNSAFE_DataRouterContext),
  carry(UNSAFE_DataRouterStateContext, routerStateForNobody),
  carry(UNSAFE_NavigationContext),
  carry(UNSAFE_LocationContext),
  carry(UNSAFE_RouteContext),
  carry(ShellContext, (shell) => shell && { ...shell, viewer: null, requireLogin: () => false }),
  carry(NonceContext),
];

function routerStateForNobody(state: RouterState | null): RouterState | null {
  if (!state) return state;
  const root = state.loaderData.root as RootData | undefined;
  const loaderData = root ? { root: { ...root, viewer: null, csrfToken: "", unreadCount: 0 } } : {};
  return { ...state, loaderData, actionData: null };
}

/**
 * The server's fragment store: least recently used first out, within BUDGET_BYTES. A process keeps
 * its own: an entry is the markup of given props, the same on every instance, so nothing is shared.
 */
export function createFragmentRenderer(
  budget = BUDGET_BYTES,
): FragmentRenderer & { size(): number; renders(): number } {
  const remembered = new ByteBudgetMap<string | null>(budget);
  let renders = 0;
  return {
    carried: CARRIED.map((c) => c.context),
    html(key, render, carried) {
      const known = remembered.get(key);
      if (known !== undefined) return known;
      const element = CARRIED.reduceRight(
        (child, { context, forNobody }, i) =>
          createElement(context.Provider, { value: forNobody ? forNobody(carried[i]) : carried[i] }, child),
        render(),
      );
      renders++;
      let html: string | null = renderToString(element);
      // React hoists a preload (an eager image) to the head of a whole page; a part's own render
      // puts it in front of the part instead. Such a part is rendered inline, as before.
      if (html.startsWith("<link")) html = null;
      remembered.set(key, html, 2 * key.length + 2 * (html?.length ?? 0));
      return html;
    },
    size: () => remembered.size,
    renders: () => renders,
  };
}

/** The one store of this server process. */
export const fragmentRenderer = createFragmentRenderer();
