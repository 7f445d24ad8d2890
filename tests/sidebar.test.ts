import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import type { NuggetApp } from "../server/app.ts";
import { testApp, uniqueIp } from "./support/app.ts";
import { registerByEmail, type Auth } from "./support/client.ts";

const BUILD_DIR = path.resolve(process.env.NUGGET_BUILD_DIR ?? "build");
const built = fs.existsSync(path.join(BUILD_DIR, "server/index.js"));

/** The feed pages' sidebar (app/lib/sidebar.server.ts): shared by everyone, but for the mute (issue 13). */
describe.skipIf(!built)("feed sidebar", () => {
  let nugget: NuggetApp;
  beforeAll(async () => {
    nugget = await testApp({}, BUILD_DIR);
  });
  afterAll(async () => {
    await nugget?.app.close();
    await nugget?.database.close();
  });

  const explore = async (auth?: Auth) => {
    const page = await nugget.app.inject({
      method: "GET",
      url: "/explore",
      headers: auth ? { cookie: `nugget_session=${auth.token}` } : {},
      remoteAddress: uniqueIp(),
    });
    expect(page.statusCode).toBe(200);
    return page.body;
  };

  it("leaves an author the reader muted out of 作者榜, for that reader only", async () => {
    const [author, reader, other] = [
      await registerByEmail(nugget),
      await registerByEmail(nugget),
      await registerByEmail(nugget),
    ];
    // The hottest author of the site is recommended (users.recommendedAuthors); they wrote nothing,
    // so a link to them on the page can only be the sidebar's.
    await nugget.database.db.update(users).set({ totalHotIndex: 1e9 }).where(eq(users.id, author.user.id));
    await nugget.services.blocks.mute(author.user.id, {
      userId: reader.user.id,
      sessionId: null,
      ip: "10.0.0.9",
      userAgent: "t",
    });
    const link = `/user/${author.user.id}`;
    expect(await explore()).toContain(link);
    expect(await explore(other.auth)).toContain(link);
    expect(await explore(reader.auth)).not.toContain(link);
  });
});
