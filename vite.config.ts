import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // The server bundle imports shared/ and server types only; keep Node built-ins external.
  ssr: { external: ["@node-rs/argon2", "@electric-sql/pglite", "pg", "ioredis"] },
});
