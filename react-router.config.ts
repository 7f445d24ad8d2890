import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // NUGGET_BUILD_DIR lets parallel work build into separate folders; the server reads the same variable.
  buildDirectory: process.env.NUGGET_BUILD_DIR ?? "build",
  // React Router 8's behaviours, each declined for now (and so no longer warned about on every
  // build). Each changes something the site relies on; take them up with the upgrade to 8:
  // middleware replaces the load context every loader reads (shared/load-context.ts); split route
  // modules and the Vite environment API change the chunks the JavaScript budget and the manual
  // groups of vite.config.ts are measured on; pass-through requests and trailing-slash-aware data
  // URLs change the requests and `.data` URLs the page cache keys (server/plugins/page-cache.ts).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
