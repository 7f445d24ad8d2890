import diagnostics from "node:diagnostics_channel";
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { NuggetApp } from "../../server/app.ts";
import { bills, users } from "../../db/schema/index.ts";
import { uniqueEmail, uniqueIp, uniquePhone } from "./app.ts";
import { smsCodeFor, type Auth } from "./client.ts";
import {
  makeBooklet,
  makeCollectionSet,
  makeComment,
  makeDraft,
  makeEntry,
  makePin,
  makeTag,
  makeUser,
  makeVote,
  makeWalletHolder,
  publishDraft,
  type Registered,
} from "./factories.ts";

/**
 * The people and resources of the authorization matrix (tests/security/authorization-matrix.test.ts):
 * everything belongs to `owner`; `other` is a second ordinary account, `admin` has role admin, and
 * `third` owns what the others act on as themselves (a collection set to follow, a booklet to buy).
 */

export type Who = "owner" | "other" | "anonymous" | "admin";

export interface Person {
  id: string;
  auth: Auth;
  email: string;
  password: string;
}

/** What one call answered: the HTTP status and, when the body is the envelope, its s and m. */
export interface Answer {
  status: number;
  s?: number;
  m?: string;
}

const hex = (n: number) => randomBytes(n).toString("hex");

/**
 * Every route the app registers, as "METHOD /url" (Fastify's own spelling, `:id` params), collected
 * by an onRoute hook on the instance `build` creates: hidden routes (schema.hide) included, which the
 * OpenAPI document leaves out. Fastify announces each new instance on the `fastify.initialization`
 * channel before any plugin or route is registered, so the hook sees them all.
 */
export async function withRouteList(build: () => Promise<NuggetApp>) {
  const routes = new Set<string>();
  const seen = new WeakSet<FastifyInstance>();
  const listen = (message: unknown) => {
    const fastify = (message as { fastify: FastifyInstance }).fastify;
    if (seen.has(fastify)) return;
    seen.add(fastify);
    fastify.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    });
  };
  diagnostics.subscribe("fastify.initialization", listen);
  try {
    const nugget = await build();
    await nugget.app.ready();
    return { nugget, routes };
  } finally {
    diagnostics.unsubscribe("fastify.initialization", listen);
  }
}

/** Sends one call as `auth` (none: anonymous) from an address of its own, so no route limit is shared. */
export async function send(
  nugget: NuggetApp,
  method: string,
  url: string,
  auth: Auth | undefined,
  body?: unknown,
  multipart?: { payload: Buffer; contentType: string },
): Promise<Answer> {
  const headers: Record<string, string> = auth
    ? { uid: auth.uid, client: auth.client, token: auth.token }
    : {};
  const res = await nugget.app.inject({
    method: method as "GET",
    url,
    remoteAddress: uniqueIp(),
    headers: multipart ? { ...headers, "content-type": multipart.contentType } : headers,
    ...(multipart ? { payload: multipart.payload } : body === undefined ? {} : { payload: body as object }),
  });
  const json = res.headers["content-type"]?.toString().includes("json") ? res.json() : undefined;
  return { status: res.statusCode, s: json?.s, m: json?.m };
}

/** A small PNG as a browser's FormData would upload it (field `file`). */
export async function pngUpload() {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  const boundary = `----authz${hex(6)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The shared world, made once per file; `fresh` makes one more of a resource for a destructive call. */
export async function buildWorld(nugget: NuggetApp) {
  const db = nugget.database.db;
  /** Calls the API as `who` and insists on success: the world is built through the same doors. */
  const must = async (method: string, url: string, auth: Auth, body?: unknown) => {
    const res = await nugget.app.inject({
      method: method as "GET",
      url,
      remoteAddress: uniqueIp(),
      headers: { uid: auth.uid, client: auth.client, token: auth.token },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.json();
    if (json.s !== 1) throw new Error(`${method} ${url}: ${res.statusCode} ${json.s} ${json.m}`);
    return json.d;
  };

  const asPerson = (r: Registered): Person => ({
    id: r.user.id,
    auth: r.auth,
    email: r.email,
    password: r.password,
  });
  const person = async (flags: Partial<typeof users.$inferInsert> = {}) =>
    asPerson(await makeUser(nugget, flags));
  /** A new session of `p` (a logout ends only the session it is called with). */
  const login = async (p: Person): Promise<Auth> => {
    const res = await nugget.app.inject({
      method: "POST",
      url: "/api/auth/type/email",
      remoteAddress: uniqueIp(),
      payload: { email: p.email, password: p.password },
    });
    const d = res.json().d;
    return { uid: d.user.id, client: d.clientId, token: d.token };
  };
  /** An account with e-mail and a bound phone, so either can be unbound. */
  const personWithPhone = async () => {
    const p = await person();
    const phone = uniquePhone();
    const smsCode = await smsCodeFor(nugget, phone, "bind", p.auth);
    await must("POST", "/api/v1/bindUserMobile", p.auth, { phone, smsCode, password: p.password });
    return { ...p, phone };
  };
  const holders: string[] = [];
  /** A wallet holder with income to withdraw (a sale's succeeded income bill). */
  const walletHolder = async (cents = 100_000) => {
    const p = asPerson(await makeWalletHolder(nugget, cents));
    holders.push(p.id);
    return p;
  };

  const [owner, other, admin, third] = await Promise.all([
    walletHolder(),
    person(),
    person({ role: "admin" }),
    person({ isXiaoceAuthor: true }),
  ]);
  const tag = await makeTag(db);

  const entry = (author = owner) => makeEntry(db, author.id);
  const comment = async (on?: string) => makeComment(nugget, owner.auth, on ?? (await entry()).id);
  const pin = () => makePin(nugget, owner.auth);
  const draft = async () =>
    (await makeDraft(nugget, owner.auth, { title: `草稿 ${hex(3)}`, content: "# 正文\n\n草稿内容" }))
      .id as string;
  const collectionSet = async (by = owner) => (await makeCollectionSet(nugget, by.auth)).id;
  /** A booklet of `by`: a draft with one free and one paid section, published unless `draft`. */
  const booklet = (by = owner, opts: { draft?: boolean } = {}) => makeBooklet(nugget, by.auth, opts);
  const banner = async () =>
    (
      await must("POST", "/api/banners", admin.auth, {
        position: "hero",
        imageUrl: "https://example.com/banner.png",
        url: "https://example.com/",
        title: `横幅 ${hex(3)}`,
      })
    ).id as string;
  /** A pending withdrawal of a new wallet holder: what an admin settles. */
  const pendingWithdrawal = async () => {
    const p = await walletHolder();
    const r = await must("POST", "/api/wallet/apply", p.auth, {
      volume: 1000,
      alipayAccount: "13800000000",
      name: "张三",
    });
    return r.bill.id as string;
  };

  /** A published column article of the owner's: what its author or an admin deletes. */
  const post = async () => (await publishDraft(nugget, owner.auth, await draft())).id as string;

  const sharedEntry = await entry();
  const draftId = await draft();
  const ownBooklet = await booklet();
  const draftBooklet = await booklet(owner, { draft: true });
  const thirdBooklet = await booklet(third);
  const order = await must("POST", "/api/booklets/order/buy", owner.auth, {
    bookletId: thirdBooklet.id,
    type: "wxpay",
  });
  const vote = await makeVote(nugget, owner.auth, { options: ["甲", "乙"] });

  return {
    nugget,
    people: { owner, other, admin, third } as const,
    tag,
    entry: sharedEntry,
    comment: await comment(sharedEntry.id),
    pin: await pin(),
    draft: draftId,
    post: await post(),
    collectionSet: await collectionSet(),
    thirdCollectionSet: await collectionSet(third),
    booklet: ownBooklet,
    draftBooklet,
    thirdBooklet,
    order: order.orderId as string,
    vote: { entryId: vote.entryId as string, optionId: vote.options[0].id as string },
    fresh: { entry, comment, pin, draft, post, collectionSet, booklet, banner, pendingWithdrawal },
    person,
    personWithPhone,
    login,
    smsCode: (phone: string, auth: Auth) => smsCodeFor(nugget, phone, "bind", auth),
    uniqueEmail,
    uniquePhone,
    uuid: randomUUID,
    /**
     * Settles (returns) the withdrawals this file left pending: on the shared PostgreSQL test
     * database they would otherwise fill the admins' queue that the wallet tests page through.
     */
    async settleLeftovers() {
      const pending = await db
        .select({ id: bills.id })
        .from(bills)
        .where(and(inArray(bills.userId, holders), eq(bills.type, "withdraw"), eq(bills.status, "pending")));
      for (const b of pending) {
        await must("POST", "/api/wallet/settle", admin.auth, { billId: b.id, status: "failed" });
      }
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
