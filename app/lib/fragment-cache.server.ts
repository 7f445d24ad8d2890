import { createElement, type Context } from "react";
import { renderToString } from "react-dom/server";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from "react-router";
import { ShellContext } from "~/components/shell/shell-context";
import type { FragmentRenderer } from "./fragment-cache";
import { NonceContext } from "./nonce";
import { ByteBudgetMap } from "../../shared/byte-budget-map";

/**
 * What the remembered parts may hold, in all: a card's key and HTML are about 2 KB together (UTF-16
 * keys count twice), so this keeps some 4,000 cards — every card of the first pages of every list.
 */
const BUDGET_BYTES = 16 * 1024 * 1024;

// The contexts a part's components read (a link its router, a button the shell), so that its own
// render on the server sees what the page's render sees.
const CARRIED = [
  UNSAFE_FrameworkContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  ShellContext,
  NonceContext,
] as readonly Context<unknown>[];

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
    carried: CARRIED,
    html(key, render, carried) {
      const known = remembered.get(key);
      if (known !== undefined) return known;
      const element = CARRIED.reduceRight(
        (child, context, i) => createElement(context.Provider, { value: carried[i] }, child),
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
