import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import type { NuggetApp } from "../server/app.ts";
import { BUILD_DIR, built, uniqueIp, useTestApp } from "./support/app.ts";
import { registerByEmail, type Auth } from "./support/client.ts";

/** The feed pages' sidebar (app/lib/sidebar.server.ts): shared by everyone, but for the mute. */
describe.skipIf(!built)("feed sidebar", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), {}, BUILD_DIR);

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
