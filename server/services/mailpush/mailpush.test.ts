import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const status = (auth?: Auth) => call(nugget.app, "GET", "/api/getStatus.php", { auth });
const subscribeGet = (query: string, auth?: Auth) =>
  call(nugget.app, "GET", `/api/subscribe.php?${query}`, { auth });
const subscribePost = (body: Record<string, unknown>, auth?: Auth) =>
  call(nugget.app, "POST", "/api/subscribe.php", { body, auth });

describe("GET getStatus.php", () => {
  it("answers the defaults of spec §3 for a user who never changed anything", async () => {
    const u = await registerByEmail(nugget);
    const r = await status(u.auth);
    expect([r.status, r.s, r.d]).toEqual([200, 1, { follow: false, article: true, week: true }]);
  });

  it("needs login", async () => {
    const r = await status();
    expect([r.status, r.s]).toEqual([401, 401]);
  });
});

describe("subscribe.php", () => {
  it("toggles each switch by GET, answers the new status, and it persists", async () => {
    const u = await registerByEmail(nugget);
    const on = await subscribeGet("type=follow&check=true", u.auth);
    expect([on.status, on.s, on.d]).toEqual([200, 1, { follow: true, article: true, week: true }]);
    expect((await subscribeGet("type=week&check=false", u.auth)).d).toEqual({
      follow: true,
      article: true,
      week: false,
    });
    expect((await subscribeGet("type=article&check=false", u.auth)).d).toEqual({
      follow: true,
      article: false,
      week: false,
    });
    expect((await status(u.auth)).d).toEqual({ follow: true, article: false, week: false });
    // Setting a value twice is no change.
    expect((await subscribeGet("type=article&check=false", u.auth)).d.article).toBe(false);
    expect((await subscribeGet("type=follow&check=false", u.auth)).d).toEqual({
      follow: false,
      article: false,
      week: false,
    });
    expect((await status(u.auth)).d).toEqual({ follow: false, article: false, week: false });
  });

  it("accepts POST with a JSON body, a form body or the query", async () => {
    const u = await registerByEmail(nugget);
    expect((await subscribePost({ type: "week", check: false }, u.auth)).d.week).toBe(false);
    const form = await call(nugget.app, "POST", "/api/subscribe.php", {
      body: { type: "follow", check: "true" },
      auth: u.auth,
      form: true,
    });
    expect(form.d).toEqual({ follow: true, article: true, week: false });
    const query = await call(nugget.app, "POST", "/api/subscribe.php?type=week&check=true", { auth: u.auth });
    expect(query.d).toEqual({ follow: true, article: true, week: true });
    expect((await status(u.auth)).d).toEqual({ follow: true, article: true, week: true });
  });

  it("keeps users apart and concurrent toggles of different switches", async () => {
    const [a, b] = [await registerByEmail(nugget), await registerByEmail(nugget)];
    await Promise.all([
      subscribeGet("type=follow&check=true", a.auth),
      subscribeGet("type=article&check=false", a.auth),
      subscribeGet("type=week&check=false", a.auth),
    ]);
    expect((await status(a.auth)).d).toEqual({ follow: true, article: false, week: false });
    expect((await status(b.auth)).d).toEqual({ follow: false, article: true, week: true });
  });

  it("rejects a bad type or check naming the field", async () => {
    const u = await registerByEmail(nugget);
    for (const q of ["type=daily&check=true", "check=true", "type=FOLLOW&check=true"]) {
      const r = await subscribeGet(q, u.auth);
      expect([r.status, r.s, r.d?.field], q).toEqual([400, 400, "type"]);
    }
    for (const q of ["type=follow&check=maybe", "type=follow"]) {
      const r = await subscribeGet(q, u.auth);
      expect([r.status, r.d?.field], q).toEqual([400, "check"]);
    }
    const post = await subscribePost({ type: "monthly", check: true }, u.auth);
    expect([post.status, post.d?.field]).toEqual([400, "type"]);
    expect((await status(u.auth)).d).toEqual({ follow: false, article: true, week: true });
  });

  it("needs login", async () => {
    expect((await subscribeGet("type=follow&check=true")).status).toBe(401);
    expect((await subscribePost({ type: "follow", check: true })).status).toBe(401);
  });

  it("asks a cookie-authenticated GET for the CSRF header", async () => {
    const u = await registerByEmail(nugget);
    const login = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: u.email, password: u.password },
    });
    const session = Object.entries(login.cookies).find(([k]) => k !== "nugget_csrf");
    expect(session).toBeTruthy();
    const cookie = `${session![0]}=${session![1]}; nugget_csrf=tok1234567890abcdefghij`;
    const bare = await call(nugget.app, "GET", "/api/subscribe.php?type=follow&check=true", {
      headers: { cookie },
    });
    expect(bare.status).toBe(403);
    const withHeader = await call(nugget.app, "GET", "/api/subscribe.php?type=follow&check=true", {
      headers: { cookie, "x-csrf-token": "tok1234567890abcdefghij" },
    });
    expect(withHeader.d?.follow).toBe(true);
    // Reading the status is a safe GET: the cookie alone is enough.
    expect((await call(nugget.app, "GET", "/api/getStatus.php", { headers: { cookie } })).d.follow).toBe(
      true,
    );
  });
});
