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
