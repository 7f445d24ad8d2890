import type { FastifyInstance } from "fastify";
import type { NuggetApp } from "../../server/app.ts";
import { uniqueEmail, uniqueIp, uniquePhone, uniqueUsername } from "./app.ts";

export interface Reply<T = any> {
  status: number;
  s: number;
  m: string;
  d: T;
  cookies: Record<string, string>;
  headers: Record<string, unknown>;
}

export interface Auth {
  uid: string;
  client: string;
  token: string;
}

/** Calls the API the way an API client does: JSON body, the auth triple as headers. */
export async function call<T = any>(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  opts: { body?: unknown; auth?: Auth; ip?: string; headers?: Record<string, string>; form?: boolean } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.auth)
    Object.assign(headers, { uid: opts.auth.uid, client: opts.auth.client, token: opts.auth.token });
  const res = await app.inject({
    method,
    url,
    headers: opts.form ? { ...headers, "content-type": "application/x-www-form-urlencoded" } : headers,
    remoteAddress: opts.ip ?? "10.0.0.1",
    ...(opts.body === undefined
      ? {}
      : opts.form
        ? { payload: new URLSearchParams(opts.body as Record<string, string>).toString() }
        : { payload: opts.body as object }),
  });
  const json = res.headers["content-type"]?.toString().includes("json") ? res.json() : {};
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  return { status: res.statusCode, s: json.s, m: json.m, d: json.d, cookies, headers: res.headers };
}

/** Posts `payload` exactly as given under `contentType`: bodies `call` would not send (malformed JSON, NUL bytes). */
export function postRaw(app: FastifyInstance, url: string, contentType: string, payload: string) {
  return app.inject({ method: "POST", url, headers: { "content-type": contentType }, payload });
}

/** The paths of the OpenAPI document (GET /api/openapi.json): each path's operations by method. */
export async function openApiPaths(app: FastifyInstance) {
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  return (res.json() as { paths: Record<string, Record<string, { description?: string }>> }).paths;
}

/** Posts a registration from an address of its own; answers `body` with the new account's auth triple and user. */
async function createUser<B extends object>(nugget: NuggetApp, body: B) {
  const r = await call(nugget.app, "POST", "/api/v1/createUser", { body, ip: uniqueIp() });
  if (r.s !== 1) throw new Error(`register failed: ${r.status} ${r.s} ${r.m}`);
  return {
    ...body,
    auth: { uid: r.d.user.id, client: r.d.clientId, token: r.d.token } as Auth,
    user: r.d.user,
  };
}

/** Registers a user by e-mail and returns its auth triple and credentials. */
export async function registerByEmail(
  nugget: NuggetApp,
  fields: { username?: string; email?: string; password?: string; invite?: string } = {},
) {
  const body = {
    username: fields.username ?? uniqueUsername(),
    email: fields.email ?? uniqueEmail(),
    password: fields.password ?? "secret123",
    ...(fields.invite === undefined ? {} : { invite: fields.invite }),
  };
  return createUser(nugget, body);
}

/** Solves the image captcha by reading its answer from the store, as only a person could. */
export async function solveCaptcha(nugget: NuggetApp) {
  const r = await call(nugget.app, "GET", "/api/v1/getRandCode", { ip: uniqueIp() });
  const answer = await nugget.kv.get(`captcha:${r.d.imageToken}`);
  return { imageToken: r.d.imageToken as string, imageCode: answer!, imageStr: r.d.imageStr as string };
}

/** Sends an SMS code and reads it from the development outbox, as the phone's owner would. */
export async function smsCodeFor(
  nugget: NuggetApp,
  phone: string,
  useType: "signup" | "restpwd" | "bind" | "close" | "confirm",
  auth?: Auth,
) {
  const captcha = await solveCaptcha(nugget);
  // Stands for waiting out the 60 s resend cooldown of an earlier code to the same phone.
  await nugget.kv.del(`sms:cooldown:${phone}`);
  const r = await call(nugget.app, "POST", "/api/v2/sendSmsCodeToUser", {
    body: { phone, imageToken: captcha.imageToken, imageCode: captcha.imageCode, useType },
    auth,
    ip: uniqueIp(),
  });
  if (r.s !== 1) throw new Error(`sms failed: ${r.status} ${r.m}`);
  const text = nugget.outbox!.list(phone)[0].text;
  return text.match(/(\d{6})/)![1];
}

export async function registerByPhone(
  nugget: NuggetApp,
  fields: { username?: string; phone?: string; password?: string } = {},
) {
  const phone = fields.phone ?? uniquePhone();
  const smsCode = await smsCodeFor(nugget, phone, "signup");
  const body = {
    username: fields.username ?? uniqueUsername(),
    phoneNumber: phone,
    smsCode,
    password: fields.password ?? "secret123",
  };
  return createUser(nugget, body);
}
