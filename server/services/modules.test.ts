import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { JOBS } from "../lib/queue.ts";
import { platformModule } from "../platform-jobs.ts";
import type { ServiceModule } from "./module.ts";
import { serviceModules } from "./modules.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
const folders = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const has = (folder: string, file: string) => fs.existsSync(path.join(root, folder, file));

describe("the service modules buildApp registers (services/modules.ts)", () => {
  it("lists the module of every service folder with routes or a module.ts, named after its folder", async () => {
    const owners = folders.filter((f) => has(f, "routes.ts") || has(f, "module.ts"));
    expect(owners).toContain("auth");
    for (const folder of owners) {
      expect(has(folder, "module.ts"), `${folder}/module.ts`).toBe(true);
      const exported = Object.values(await import(`./${folder}/module.ts`)) as ServiceModule[];
      expect(exported, `${folder}/module.ts exports one module`).toHaveLength(1);
      const [m] = exported;
      expect(m.name).toBe(folder);
      expect(serviceModules, `${folder} in services/modules.ts`).toContain(m);
      expect(Boolean(m.routes), `${folder}'s module registers its routes.ts`).toBe(has(folder, "routes.ts"));
    }
    expect(serviceModules.map((m) => m.name).sort()).toEqual(owners.sort());
  });

  it("works each queue of server/lib/queue.ts once", () => {
    const worked = [...serviceModules, platformModule].flatMap((m) => (m.jobs ?? []).map((j) => j.name));
    expect(worked.sort()).toEqual(Object.keys(JOBS).sort());
  });
});
