import { defineConfig } from "vitest/config";

// Separate from vite.config.ts so the React Router plugin is not loaded for tests.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["server/**/*.test.ts", "shared/**/*.test.ts", "db/**/*.test.ts", "tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file builds its own app on one database; files run one after another so PGlite
    // and the browser tests do not fight over the two cores.
    fileParallelism: false,
    // PGlite runs: every test database starts as a copy of one migrated database.
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
  },
});
