import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { loadEntryPage } from "../../../app/lib/entry.server.ts";
import { loader as detailLoader } from "../../../app/routes/entry/entry-detail.tsx";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { makeEntry, makeVote } from "../../../tests/support/factories.ts";
import { entries, entryTags, voteAnswers, voteOptions } from "../../../db/schema/index.ts";
import { BUILT_IN_TAGS } from "../../../db/reference-data.ts";
import { newId } from "../../lib/ids.ts";
import { deleteEntry } from "../entries/write.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const hex = (n: number) => randomBytes(n).toString("hex");
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const post = (url: string, body: unknown, auth?: Auth) => call(nugget.app, "POST", url, { body, auth });
const answer = (entryId: string, body: unknown, auth?: Auth) =>
  post(`/api/votes/${entryId}/answer`, body, auth);

const validVote = (fields: Record<string, unknown> = {}) => ({
  title: `你最喜欢的框架 ${hex(3)}`,
  content: "说说理由",
  category: "frontend",
  options: ["React", "Vue", "Svelte"],
  ...fields,
});

const createVote = (auth: Auth, fields: Record<string, unknown> = {}) => makeVote(nugget, auth, fields);

async function answerRows(entryId: string) {
  return db().$count(voteAnswers, eq(voteAnswers.entryId, entryId));
}

describe("POST /api/votes", () => {
  it("creates an entry of type vote with its options through the entries service", async () => {
    const u = await registerByEmail(nugget);
    const vote = await createVote(u.auth);
    expect(vote.options.map((o) => o.title)).toEqual(["React", "Vue", "Svelte"]);
    const [row] = await db().select().from(entries).where(eq(entries.id, vote.entryId));
    expect([row.type, row.vote, row.userId, row.status]).toEqual(["vote", true, u.user.id, "published"]);

    // /entry/{id} of a vote redirects to its detail page: the loader reads this type.
    const caller = { userId: null, sessionId: null, ip: "10.0.0.1", userAgent: "test" };
    const detail = await nugget.services.entries.getEntry(vote.entryId, caller);
    expect(detail.type).toBe("vote");
    const context = { services: nugget.services, caller } as unknown as AppLoadContext;
    const thrown = await loadEntryPage(context, vote.entryId, { followRedirects: true }).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect([thrown.status, thrown.headers.get("location")]).toEqual([302, `/entry/${vote.entryId}/detail`]);
  });

  it("takes tags like a shared link (ids joined by | or an array)", async () => {
    const u = await registerByEmail(nugget);
    const [t1, t2] = BUILT_IN_TAGS.map((t) => t.id);
    const joined = await createVote(u.auth, { tags: `${t1}|${t2}` });
    const asArray = await createVote(u.auth, { tags: [t2] });
    const tagsOf = async (entryId: string) =>
      (await db().select().from(entryTags).where(eq(entryTags.entryId, entryId))).map((r) => r.tagId).sort();
    expect(await tagsOf(joined.entryId)).toEqual([t1, t2].sort());
    expect(await tagsOf(asArray.entryId)).toEqual([t2]);
  });

  it("needs a login", async () => {
    const r = await post("/api/votes", validVote());
    expect([r.status, r.s]).toEqual([401, 401]);
  });

  it("answers 400 naming the bad field", async () => {
    const u = await registerByEmail(nugget);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "   " }, "title"],
      [{ title: "长".repeat(101) }, "title"],
      [{ content: "x".repeat(1001) }, "content"],
      [{ category: "" }, "category"],
      [{ category: "nope" }, "category"],
      [{ options: ["only one"] }, "options"],
      [{ options: Array.from({ length: 11 }, (_, i) => `选项${i}`) }, "options"],
      [{ options: ["a", ""] }, "options"],
      [{ options: ["a", "x".repeat(51)] }, "options"],
      [{ options: ["same", " same "] }, "options"],
      [{ tags: newId() }, "tags"],
      [{ tags: "zz" }, "tags"],
      [{ tags: BUILT_IN_TAGS.slice(0, 6).map((t) => t.id) }, "tags"],
    ];
    for (const [fields, field] of cases) {
      const r = await post("/api/votes", validVote(fields), u.auth);
      expect([r.status, r.s, r.d?.field], JSON.stringify(fields)).toEqual([400, 400, field]);
    }
    const missing = await post("/api/votes", { title: "t", category: "frontend" }, u.auth);
    expect(missing.d?.field).toBe("options");
  });
});

describe("POST /api/votes/{entryId}/answer and GET /api/votes/{entryId}", () => {
  it("counts one vote per user; a second answers 409", async () => {
    const author = await registerByEmail(nugget);
    const voter = await registerByEmail(nugget);
    const vote = await createVote(author.auth);
    const [react, vue] = vote.options;

    const before = await get(`/api/votes/${vote.entryId}`, voter.auth);
    expect([before.d.total, before.d.answer]).toEqual([0, null]);

    const first = await answer(vote.entryId, { optionId: react.id, content: "生态好" }, voter.auth);
    expect([first.status, first.s]).toEqual([200, 1]);
    expect(first.d.total).toBe(1);
    expect(first.d.answer).toMatchObject({ optionId: react.id, content: "生态好" });
    expect(first.d.options[0]).toMatchObject({ id: react.id, votesCount: 1, percent: 100 });

    const again = await answer(vote.entryId, { optionId: vue.id }, voter.auth);
    expect([again.status, again.s]).toEqual([409, 409]);
    expect(again.m).toContain("投过票");
    expect(await answerRows(vote.entryId)).toBe(1);

    const visitor = await get(`/api/votes/${vote.entryId}`);
    expect([visitor.d.total, visitor.d.answer]).toEqual([1, null]);
  });

  it("rejects a logged-out voter, a foreign option, a long reason and a missing or deleted vote", async () => {
    const author = await registerByEmail(nugget);
    const voter = await registerByEmail(nugget);
    const vote = await createVote(author.auth);
    const other = await createVote(author.auth);

    const loggedOut = await answer(vote.entryId, { optionId: vote.options[0].id });
    expect([loggedOut.status, loggedOut.s]).toEqual([401, 401]);

    for (const optionId of [other.options[0].id, newId(), "bad", undefined]) {
      const r = await answer(vote.entryId, { optionId }, voter.auth);
      expect([r.status, r.d?.field]).toEqual([400, "optionId"]);
    }
    const long = await answer(
      vote.entryId,
      { optionId: vote.options[0].id, content: "x".repeat(201) },
      voter.auth,
    );
    expect([long.status, long.d?.field]).toEqual([400, "content"]);

    const missing = await answer(newId(), { optionId: vote.options[0].id }, voter.auth);
    expect([missing.status, missing.s]).toEqual([404, 404]);
    expect((await get(`/api/votes/${newId()}`)).status).toBe(404);

    // An ordinary entry is no vote.
    const share = await makeEntry(db(), author.user.id);
    expect((await get(`/api/votes/${share.id}`)).status).toBe(404);

    const [row] = await db().select().from(entries).where(eq(entries.id, vote.entryId));
    await db().transaction((tx) => deleteEntry(tx, row));
    const gone = await answer(vote.entryId, { optionId: vote.options[0].id }, voter.auth);
    expect(gone.status).toBe(404);
    expect((await get(`/api/votes/${vote.entryId}`)).status).toBe(404);
    expect(await answerRows(vote.entryId)).toBe(0);
  });

  it("keeps every votesCount equal to its rows after many voters (some voting twice at once)", async () => {
    const author = await registerByEmail(nugget);
    const vote = await createVote(author.auth);
    const voters = await Promise.all(Array.from({ length: 12 }, () => registerByEmail(nugget)));
    const replies = await Promise.all(
      voters.flatMap((v, i) => [
        answer(vote.entryId, { optionId: vote.options[i % 3].id }, v.auth),
        answer(vote.entryId, { optionId: vote.options[(i + 1) % 3].id }, v.auth),
      ]),
    );
    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(12);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(12);

    const options = await db().select().from(voteOptions).where(eq(voteOptions.entryId, vote.entryId));
    for (const o of options) {
      expect(o.votesCount).toBe(await db().$count(voteAnswers, eq(voteAnswers.optionId, o.id)));
    }
    const state = await get(`/api/votes/${vote.entryId}`);
    expect(state.d.total).toBe(12);
    const percents = state.d.options.map((o: { percent: number }) => o.percent);
    expect(percents.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(100, 0);
  });
});

describe("GET /api/get_attender", () => {
  it("pages attenders newest first without repeats, even when answers arrive between pages", async () => {
    const author = await registerByEmail(nugget);
    const vote = await createVote(author.auth);
    const voters = [];
    for (let i = 0; i < 5; i++) {
      const v = await registerByEmail(nugget);
      await answer(vote.entryId, { optionId: vote.options[i % 2].id, content: `理由${i}` }, v.auth);
      voters.push(v);
    }
    const url = (before?: string) =>
      `/api/get_attender?entryId=${vote.entryId}&limit=2${before ? `&before=${encodeURIComponent(before)}` : ""}`;
    const first = await get(url());
    expect([first.s, first.d.canNext, first.d.list.length]).toEqual([1, true, 2]);
    expect(first.d.list[0]).toMatchObject({
      user: { id: voters[4].user.id, username: voters[4].username },
      optionTitle: vote.options[0].title,
      content: "理由4",
      link: `/entry/${vote.entryId}/detail/answer/${first.d.list[0].id}`,
    });
    expect(first.d.list[0].user.email).toBeUndefined();

    // A new answer after page one must not shift page two.
    const late = await registerByEmail(nugget);
    await answer(vote.entryId, { optionId: vote.options[1].id }, late.auth);

    const seen = [...first.d.list];
    let pointer = first.d.pointer;
    for (;;) {
      const page = await get(url(pointer));
      seen.push(...page.d.list);
      if (!page.d.canNext) break;
      pointer = page.d.pointer;
    }
    const userIds = seen.map((a: { user: { id: string } }) => a.user.id);
    expect(userIds).toEqual(voters.map((v) => v.user.id).reverse());
    expect(new Set(seen.map((a: { id: string }) => a.id)).size).toBe(5);
  });

  it("feeds the detail page: state, attenders, and the answer an answer link highlights", async () => {
    const author = await registerByEmail(nugget);
    const voter = await registerByEmail(nugget);
    const vote = await createVote(author.auth);
    const voted = await answer(vote.entryId, { optionId: vote.options[1].id, content: "好用" }, voter.auth);
    const answerId = voted.d.answer.id;
    const caller = { userId: voter.user.id, sessionId: null, ip: "10.0.0.1", userAgent: "test" };
    const context = { services: nugget.services, caller } as unknown as AppLoadContext;
    const data = await detailLoader({
      params: { id: vote.entryId, commentId: answerId },
      context,
    } as unknown as Parameters<typeof detailLoader>[0]);
    expect(data.vote?.state.answer?.optionId).toBe(vote.options[1].id);
    expect(data.vote?.highlighted).toMatchObject({ id: answerId, content: "好用" });
    expect(data.vote?.attenders.list.map((a) => a.id)).toEqual([answerId]);
    expect(data.comments.highlightedId).toBeNull();
  });

  it("answers 400 for a bad entryId or pointer and 404 for a missing vote", async () => {
    expect((await get(`/api/get_attender?entryId=nope`)).d?.field).toBe("entryId");
    expect((await get(`/api/get_attender?entryId=${newId()}`)).status).toBe(404);
    const u = await registerByEmail(nugget);
    const vote = await createVote(u.auth);
    expect((await get(`/api/get_attender?entryId=${vote.entryId}&before=zzz`)).d?.field).toBe("before");
  });
});
