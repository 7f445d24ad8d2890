import fs from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Rollup } from "vite";

const ROOT_DIR = new URL(".", import.meta.url).pathname;
const ROOT_ROUTE = `${ROOT_DIR}app/root.tsx`;

/** Our own source files (not dependencies, not virtual or CSS modules). */
function isAppSource(id: string): boolean {
  return id.startsWith(ROOT_DIR) && !id.includes("/node_modules/") && /\.tsx?$/.test(id);
}

/** root.tsx and every app module it reaches through static imports: each document loads all of them. */
function shellModules(getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const stack = [ROOT_ROUTE];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) if (isAppSource(next)) stack.push(next);
  }
  return seen;
}

/**
 * Shared modules that the pages load together, grouped so a page fetches a few files instead of a
 * dozen sub-kilobyte ones (each file costs a request and its own gzip dictionary). Paths from the
 * project root.
 */
const GROUPS: [chunk: string, paths: string[]][] = [
  [
    // Beyond what root.tsx imports: what both landing pages (home, article) need anyway. Here it
    // costs neither a file of its own, and no group that also imports it (the avatar in the feed's
    // sidebar) pulls it in and then has to load on both pages.
    "shell",
    [
      "app/components/ui/avatar.tsx",
      "shared/format.ts",
      "app/components/like-button.tsx",
      "app/components/collections/collect-button.tsx",
      "app/components/ui/mask-icon.tsx",
      "app/components/ui/like-toggle-button.tsx",
      "app/components/shell/use-login-toggle.ts",
      "app/lib/use-optimistic-toggle.ts",
    ],
  ],
  [
    "feed",
    [
      // Not suggested-users.tsx: the timeline and explore show it, the home page does not.
      "app/components/feed/category-nav.tsx",
      "app/components/feed/entry-list.tsx",
      "app/components/feed/feed-page.tsx",
      "app/components/feed/list-footer.tsx",
      "app/components/feed/sidebar.tsx",
      "app/components/feed/feed-sidebar.tsx",
      "app/components/feed/sort-tabs.tsx",
      "app/components/banners/",
      "app/components/layout/page.tsx",
      "app/components/ui/empty-state.tsx",
      "app/lib/use-list-state.ts",
      "app/lib/categories.ts",
    ],
  ],
  [
    // Loaded right after hydration on every page (the header's deferred menus): one file, not two.
    "menus",
    ["app/components/shell/header-menus.tsx", "app/components/ui/dropdown.tsx"],
  ],
  [
    // An article and the other pages with an entry or comments (pins, repos, booklets).
    "article",
    [
      "app/components/entry/entry-actions.tsx",
      // The likers row only; its dialog (likers-dialog.tsx) loads on a click.
      "app/components/entry/entry-likers.tsx",
      "app/components/entry/use-recorded-views.ts",
      "app/components/article/article-view.tsx",
      "app/components/article/copy-notice.ts",
      "app/components/layout/missing.tsx",
      "app/components/comments/comment-section.tsx",
    ],
  ],
];

/**
 * The image picker's stylesheet on its own: the comment section links it for the server's markup
 * while the picker's code loads later, and the pins page's composer uses the picker without any
 * comments. In a group's chunk it would make either page load that group's JavaScript for a style.
 */
const PICKER_STYLES = `${ROOT_DIR}app/components/upload/image-picker.css`;

// A group naming a file that was renamed or removed would silently stop grouping it: say so at build.
for (const [chunk, paths] of GROUPS) {
  for (const p of paths) {
    if (!fs.existsSync(`${ROOT_DIR}${p}`))
      throw new Error(`vite.config.ts: group "${chunk}" names ${p}, which is gone`);
  }
}

function groupOf(id: string): string | undefined {
  const rel = id.slice(ROOT_DIR.length);
  return GROUPS.find(([, paths]) => paths.some((p) => rel.startsWith(p)))?.[0];
}

export default defineConfig(({ isSsrBuild }) => {
  let shell: Set<string> | undefined;
  return {
    plugins: [reactRouter()],
    resolve: {
      alias: [
        { find: "~", replacement: new URL("./app", import.meta.url).pathname },
        // react-router's package exports name only its development build (remix-run/react-router
        // #12532, #14102): dev warnings, invariant texts and extra checks on every render. Its
        // production build ships beside it; both bundles take that one. The server bundle keeps it
        // inside (ssr.noExternal) and hands server/ssr.ts its request handler from the same copy
        // (app/entry.server.tsx), since two copies of the router's classes on one server would
        // break its instanceof checks.
        {
          find: /^react-router$/,
          replacement: `${ROOT_DIR}node_modules/react-router/dist/production/index.mjs`,
        },
        {
          find: /^react-router\/dom$/,
          replacement: `${ROOT_DIR}node_modules/react-router/dist/production/dom-export.mjs`,
        },
      ],
    },
    // The server bundle imports shared/ and server types only; keep Node built-ins external.
    ssr: {
      external: ["@node-rs/argon2", "@electric-sql/pglite", "pg", "ioredis"],
      noExternal: ["react-router"],
    },
    build: isSsrBuild
      ? {}
      : {
          // terser's second pass takes ~5% more off the gzip size than esbuild's minifier here.
          minify: "terser",
          terserOptions: { compress: { passes: 2 } },
          rollupOptions: {
            // A route with only a server loader (/user/settings and /subscribe redirect to a tab)
            // has no browser code: its empty chunk is expected, not worth a warning on every build.
            onwarn(warning, warn) {
              if (warning.code !== "EMPTY_BUNDLE") warn(warning);
            },
            output: {
              // What the root route imports is on every page anyway: one "shell" chunk instead of a
              // dozen small shared ones saves a request each and the gzip overhead of each file.
              manualChunks(id, { getModuleInfo }) {
                shell ??= shellModules(getModuleInfo);
                if (shell.has(id)) return "shell";
                if (id === PICKER_STYLES) return "image-picker-styles";
                return isAppSource(id) ? groupOf(id) : undefined;
              },
            },
          },
        },
  };
});
