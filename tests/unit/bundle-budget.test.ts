import { describe, expect, it } from "vitest";
import {
  KB,
  measurePage,
  overBudget,
  pageModules,
  type ClientManifest,
} from "../../scripts/bundle-budget.ts";

// The shape React Router writes to build/client/assets/manifest-*.js, cut down.
const manifest: ClientManifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/shell.js"] },
  routes: {
    root: { id: "root", module: "/assets/root.js", imports: ["/assets/shell.js"] },
    layout: { id: "layout", parentId: "root", module: "/assets/layout.js", imports: [] },
    page: {
      id: "page",
      parentId: "layout",
      module: "/assets/page.js",
      imports: ["/assets/feed.js", "/assets/shell.js"],
    },
  },
};

const sizes: Record<string, number> = {
  "/assets/entry.client.js": 60 * KB,
  "/assets/shell.js": 40 * KB,
  "/assets/root.js": 1 * KB,
  "/assets/layout.js": 2 * KB,
  "/assets/page.js": 3 * KB,
  "/assets/feed.js": 4 * KB,
};

describe("bundle budget", () => {
  it("counts the entry, every route from root down and their imports, each file once", () => {
    expect(pageModules(manifest, "page").sort()).toEqual(Object.keys(sizes).sort());
    const page = measurePage(manifest, { name: "p", route: "page", budget: 120 * KB }, (u) => sizes[u]);
    expect(page.total).toBe(110 * KB);
  });

  it("passes a page within its budget and fails one over it", () => {
    const fits = measurePage(manifest, { name: "fits", route: "page", budget: 110 * KB }, (u) => sizes[u]);
    const tiny = measurePage(manifest, { name: "tiny", route: "page", budget: 10 * KB }, (u) => sizes[u]);
    expect(overBudget([fits])).toEqual([]);
    expect(overBudget([fits, tiny])).toEqual(["tiny: 110.0 KB gzip > budget 10.0 KB"]);
  });

  it("refuses a route the manifest does not have", () => {
    expect(() => pageModules(manifest, "routes/missing")).toThrow(/not in the client manifest/);
  });
});
