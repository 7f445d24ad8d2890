import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useRouteLoaderData,
} from "react-router";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { EntryList } from "~/components/feed/entry-list";
import { ShellContext, usePublicShell, type ShellApi } from "~/components/shell/shell-context";
import { Cached, FragmentContext, type FragmentRenderer } from "~/lib/fragment-cache";
import { createFragmentRenderer } from "~/lib/fragment-cache.server";
import { useRootData, type RootData } from "~/lib/root-data";
import type { EntrySummary } from "~/lib/types";
import type { Viewer } from "../../shared/load-context";

// A cached part's HTML is served to every reader (ADR 014), so it must never show who it was first
// rendered for: its files read the shell as PublicShell (no viewer: the @ts-expect-error below fails
// tsc the day the type lets it through), the lint keeps useShell and the router's loader data out of
// them, and its own render gets a visitor's shell and root data, whatever a component reads.

const NOW = Date.parse("2026-11-27T12:00:00Z");
const READER = { id: "67617b426d7f86c80bb1f7aa", username: "读者甲", role: "admin" } as Viewer;

function shellFor(viewer: Viewer | null): ShellApi {
  return {
    viewer,
    siteName: "掘金",
    openAuth: () => undefined,
    openQuickLogin: () => undefined,
    closeAuth: () => undefined,
    requireLogin: () => !!viewer,
    alert: () => undefined,
    refreshSession: () => undefined,
    barrage: () => undefined,
  };
}

function rootFor(viewer: Viewer | null): RootData {
  return {
    viewer,
    siteName: "掘金",
    csrfToken: viewer ? "csrf-of-the-reader" : "",
    devOutbox: false,
    supportEmail: "",
    publicUrl: "",
    unreadCount: viewer ? 7 : 0,
  };
}

const ENTRIES: EntrySummary[] = [1, 2, 3].map((n) => ({
  id: `6b08c7c120920f8b43b7ec${n}0`,
  title: `第 ${n} 篇`,
  type: n % 2 ? "post" : "article",
  abstract: `摘要 ${n}`,
  user: { id: `67617b426d7f86c80bb1f7${n}0`, username: `作者${n}` },
  tags: [{ id: `55932d8000000000000000${n}0`, title: "前端" }],
  collectionCount: n,
  commentsCount: n,
  hot: false,
  createdAt: new Date(NOW - n * 3_600_000).toISOString(),
  ...(n === 2 ? { liked: true, collected: true } : {}),
}));

/**
 * The mistake this file guards against: a part that asks who reads. Each read below gets past a
 * check on purpose (the type with @ts-expect-error, the lint by living in a test), so the render
 * itself must answer as for a visitor.
 */
function Greeting({ topic }: { topic: string }) {
  const shell = usePublicShell();
  // @ts-expect-error A cached part's shell has no viewer: PublicShell leaves it out.
  const fromShell = shell.viewer as Viewer | null;
  const fromRoot = useRootData().viewer;
  const fromLoader = (useRouteLoaderData("root") as RootData | undefined)?.unreadCount;
  const who = [fromShell?.username, fromRoot?.username, fromLoader, shell.requireLogin() && "已登录"];
  return createElement("p", null, `${topic}：${who.filter(Boolean).join("，") || "游客"}`);
}

function Page() {
  return createElement(
    "main",
    null,
    createElement(Cached<{ topic: string }>, {
      name: "greeting",
      component: Greeting,
      props: { topic: "欢迎" },
      as: "div",
      attributes: { className: "greeting" },
    }),
    createElement(EntryList, { entries: ENTRIES, now: NOW }),
  );
}

/** A page of a data router as the server renders it, for `viewer`, with or without the fragment cache. */
async function page(viewer: Viewer | null, renderer: FragmentRenderer | null): Promise<string> {
  const handler = createStaticHandler([
    { id: "root", path: "/", loader: () => rootFor(viewer), element: createElement(Page) },
  ]);
  const context = await handler.query(new Request("http://nugget.test/"));
  if (context instanceof Response) throw new Error("the loader answered a Response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = createElement(
    ShellContext.Provider,
    { value: shellFor(viewer) },
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
  return renderToString(createElement(FragmentContext.Provider, { value: renderer }, tree));
}

describe("a cached part cannot see the viewer", () => {
  it("serves the markup it made for a signed-in reader to a visitor with nothing of that reader", async () => {
    // The check is not empty: rendered inline, for the reader, the part does greet them.
    const inlineForReader = await page(READER, null);
    expect(inlineForReader).toContain("欢迎：读者甲，读者甲，7，已登录");

    const renderer = createFragmentRenderer();
    const forReader = await page(READER, renderer);
    const parts = renderer.renders();
    // The greeting and three cards, each rendered once, first for the signed-in reader.
    expect(parts).toBe(4);
    expect(forReader).toContain("欢迎：游客");
    for (const mark of ["读者甲", READER.id, "已登录", "csrf-of-the-reader"])
      expect(forReader).not.toContain(mark);

    // A visitor gets the very parts made for the reader, from memory, and exactly a visitor's page.
    const forVisitor = await page(null, renderer);
    expect(renderer.renders()).toBe(parts);
    expect(forVisitor).toBe(await page(null, null));
    expect(forVisitor).toBe(forReader);
  });

  it("keeps the card's reader-specific state where it belongs: in its props", async () => {
    // A card's liked and collected come from the feed's loader, for this reader, as props: a card
    // with them is another key, not the same key with another reader's markup.
    const renderer = createFragmentRenderer();
    const html = await page(READER, renderer);
    expect(html).toContain('class="like-button liked entry-stat"');
    expect(html).toContain("已收藏");
    expect(html).toBe((await page(READER, null)).replace("欢迎：读者甲，读者甲，7，已登录", "欢迎：游客"));
  });

  it("the lint holds every file a cached part's render reaches to the shell without its reader", async () => {
    const eslint = new ESLint();
    const reads = [
      'import { useShell } from "~/components/shell/shell-context";',
      'import { useRouteLoaderData } from "react-router";',
      'import { useRootData } from "~/lib/root-data";',
      "export const reads = [useShell, useRouteLoaderData, useRootData];",
    ].join("\n");
    const messages = async (file: string) =>
      (await eslint.lintText(reads, { filePath: file })).flatMap((r) => r.messages.map((m) => m.ruleId));
    // The card's list, and a button the card renders two imports further down.
    for (const file of ["app/components/feed/entry-list.tsx", "app/components/shell/use-login-toggle.ts"]) {
      expect(await messages(file)).toEqual(Array(3).fill("@typescript-eslint/no-restricted-imports"));
    }
    // A component no cached part renders may read the viewer.
    expect(await messages("app/components/follow-button.tsx")).toEqual([]);
  });
});
