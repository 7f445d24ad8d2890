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
 * dozen sub-kilobyte ones (each file costs a request and its own gzip dictionary). Paths from app/.
 */
const GROUPS: [chunk: string, paths: string[]][] = [
  [
    "feed",
    [
      "components/feed/",
      "components/banners/",
      "components/layout/page.tsx",
      "components/ui/empty-state.tsx",
      "lib/use-list-state.ts",
      "lib/categories.ts",
    ],
  ],
  [
    "actions",
    [
      "components/like-button.tsx",
      "components/collections/collect-button.tsx",
      "components/ui/toggle-icon.tsx",
      "components/ui/like-toggle-button.tsx",
      "components/shell/use-login-toggle.ts",
    ],
  ],
];

function groupOf(id: string): string | undefined {
  const rel = id.slice(`${ROOT_DIR}app/`.length);
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
        // #12532, #14102): the browser would get its dev warnings and invariant texts. Its
        // production build ships beside it; the browser bundle takes that one. (The server keeps
        // the package's own entry: its request handler lives outside this bundle, and two copies
        // of the router's classes on one server would break its instanceof checks.)
        ...(isSsrBuild
          ? []
          : [
              {
                find: /^react-router$/,
                replacement: `${ROOT_DIR}node_modules/react-router/dist/production/index.mjs`,
              },
              {
                find: /^react-router\/dom$/,
                replacement: `${ROOT_DIR}node_modules/react-router/dist/production/dom-export.mjs`,
              },
            ]),
      ],
    },
    // The server bundle imports shared/ and server types only; keep Node built-ins external.
    ssr: { external: ["@node-rs/argon2", "@electric-sql/pglite", "pg", "ioredis"] },
    build: isSsrBuild
      ? {}
      : {
          // terser's second pass takes ~5% more off the gzip size than esbuild's minifier here.
          minify: "terser",
          terserOptions: { compress: { passes: 2 } },
          rollupOptions: {
            output: {
              // What the root route imports is on every page anyway: one "shell" chunk instead of a
              // dozen small shared ones saves a request each and the gzip overhead of each file.
              manualChunks(id, { getModuleInfo }) {
                shell ??= shellModules(getModuleInfo);
                if (shell.has(id)) return "shell";
                return isAppSource(id) ? groupOf(id) : undefined;
              },
            },
          },
        },
  };
});
