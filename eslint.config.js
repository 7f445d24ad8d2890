import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const BORDER = "@typescript-eslint/no-restricted-imports";
/** A relative import that climbs out of its folder into server/ or db/. */
const SERVER_SIDE = {
  regex: "^(\\.\\./)+(server|db)(/|$)",
  message:
    "app/ and shared/ never import server/ or db/: move what both sides need to shared/ (types: shared/api-types.ts).",
};
/** app/ by a relative path or the ~/ alias. */
const APP = [
  {
    regex: "^(\\.\\./)+app(/|$)",
    message: "server/ and shared/ never import app/: move what both sides need to shared/.",
  },
  { regex: "^~/", message: "server/ and shared/ never import app/ (~/ is app/)." },
];

/** Another service's folder by any file but its face (ARCHITECTURE.md, "One public face per service"). */
const PAST_A_FACE = {
  regex: "^\\.\\./[a-z-]+/(?!index\\.ts$)[^/]+$",
  message:
    "A service calls another only through its face: import ../<service>/index.ts (export what you need there).",
};

/**
 * The files a cached part's server render can run (ADR 014): every app/ file that hands a component
 * to `Cached`, and every app/ file those reach by static, non-type imports. A part's HTML is shared
 * by every reader, and TypeScript cannot see which hooks a component calls further down, so these
 * files are held to the shell without its reader by the rule below. (Code that a part loads with
 * import() runs after a click, in the browser: a dialog, never a part's markup.)
 */
function cachedPartFiles() {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
  const resolve = (from, spec) => {
    const base = spec.startsWith("~/")
      ? path.join("app", spec.slice(2))
      : path.join(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`].find(
      (f) => /\.tsx?$/.test(f) && fs.existsSync(path.join(root, f)),
    );
  };
  const roots = fs
    .readdirSync(path.join(root, "app"), { recursive: true })
    .map((name) => path.join("app", name))
    .filter((f) => /\.tsx?$/.test(f) && /\bCached\b[^;]*from "[^"]*\/fragment-cache"/.test(read(f)));
  const files = new Set();
  for (const file of roots) {
    if (files.has(file) || !file.startsWith("app/")) continue;
    files.add(file);
    for (const [, spec] of read(file).matchAll(/^(?:import|export) (?!type )[^;]*?from "([.~][^"]*)"/gm)) {
      const next = resolve(file, spec);
      if (next) roots.push(next);
    }
  }
  return [...files];
}

/** What a cached part may not read: who reads the page, directly or through the router's data. */
const VIEWER_READS = [
  {
    regex: "(^|/)shell-context$",
    allowImportNames: ["usePublicShell"],
    allowTypeImports: true,
    message:
      "A cached part's HTML is shared by every reader (ADR 014): read usePublicShell(), which has no viewer. Code that needs the viewer goes in a file no cached part imports.",
  },
  {
    regex: "(^|/)root-data$",
    importNames: ["useRootData"],
    message: "A cached part's HTML is shared by every reader (ADR 014): what it shows comes from its props.",
  },
  {
    regex: "^react-router$",
    importNamePattern: "^(useLoaderData|useRouteLoaderData|useMatches|useActionData|UNSAFE_)",
    message: "A cached part's HTML is shared by every reader (ADR 014): what it shows comes from its props.",
  },
];

export default tseslint.config(
  { ignores: ["build*/**", "data", "node_modules", ".react-router", "db/migrations", "tmp"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  // The border (HOUSE §9): app/ → shared/ ← server/. What both sides need lives in shared/; the
  // server's response types reach app/ only through shared/api-types.ts, as type-only re-exports.
  { files: ["app/**/*.{ts,tsx}"], rules: { [BORDER]: ["error", { patterns: [SERVER_SIDE] }] } },
  // ...and a cached part's files also keep away from the viewer (ADR 014).
  { files: cachedPartFiles(), rules: { [BORDER]: ["error", { patterns: [SERVER_SIDE, ...VIEWER_READS] }] } },
  {
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "server/services/*/*.ts"],
    rules: { [BORDER]: ["error", { patterns: APP }] },
  },
  // Service folders also keep to each other's faces (scripts/service-graph.ts checks the cycles).
  {
    files: ["server/services/*/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { [BORDER]: ["error", { patterns: [...APP, PAST_A_FACE] }] },
  },
  {
    files: ["shared/**/*.{ts,tsx}"],
    ignores: ["shared/api-types.ts"],
    rules: { [BORDER]: ["error", { patterns: [...APP, SERVER_SIDE] }] },
  },
  {
    files: ["shared/api-types.ts"],
    rules: { [BORDER]: ["error", { patterns: [...APP, { ...SERVER_SIDE, allowTypeImports: true }] }] },
  },
);
