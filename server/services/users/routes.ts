import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { setSessionCookie } from "../../plugins/session.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../index.ts";
import {
  BindMobileBody,
  ChangePasswordBody,
  ChangePasswordByEmailTokenBody,
  CreateUserBody,
  RestPasswordBody,
  RestPwdByEmailBody,
  SendEmailBody,
  SendSmsBody,
  UnbindBody,
  UpdateEmailBody,
  UpdateUserInfoBody,
  VerifyEmailInput,
} from "./schema.ts";

const tags = ["users"];
const needsLogin = "需要登录，未登录时返回 401。";

/** User storage of spec §7, at /api/v1/NAME and /api/v2/NAME. */
export function userRoutes(services: Services, config: Config): FastifyPluginAsyncTypebox {
  return async (app) => {
    const users = services.users;

    app.get(
      "/v1/getUserInfo",
      { schema: { tags, summary: "当前用户信息", description: needsLogin } },
      async (req) => ok(await users.getUserInfo(req.caller)),
    );

    app.post(
      "/v1/updateUserInfo",
      { schema: { tags, summary: "修改一项个人资料", description: needsLogin, body: UpdateUserInfoBody } },
      async (req) => ok(await users.updateUserInfo(req.body, req.caller)),
    );

    app.post(
      "/v1/changePassword",
      {
        schema: {
          tags,
          summary: "修改密码（其他会话随之失效）",
          description: needsLogin,
          body: ChangePasswordBody,
        },
      },
      async (req) => ok(await users.changePassword(req.body, req.caller)),
    );

    app.post(
      "/v1/restPassword",
      { schema: { tags, summary: "用短信验证码重置密码", body: RestPasswordBody } },
      async (req) => ok(await users.restPassword(req.body)),
    );

    app.post(
      "/v1/restPwdByEmail",
      {
        schema: { tags, summary: "发送重置密码邮件", body: RestPwdByEmailBody },
        config: { rateLimit: { max: 5, timeWindow: "10 minutes" } },
      },
      async (req) => ok(await users.restPwdByEmail(req.body)),
    );

    app.post(
      "/v1/changePasswordByEmailToken",
      { schema: { tags, summary: "用邮件令牌设置新密码", body: ChangePasswordByEmailTokenBody } },
      async (req) => ok(await users.changePasswordByEmailToken(req.body)),
    );

    app.post(
      "/v1/sendEmailToUser",
      {
        schema: { tags, summary: "发送邮箱验证邮件", description: needsLogin, body: SendEmailBody },
        config: { rateLimit: { max: 5, timeWindow: "10 minutes" } },
      },
      async (req) => ok(await users.sendEmailToUser(req.body, req.caller)),
    );

    // Opened from the e-mail link (GET) or called by clients (POST).
    app.get(
      "/v1/verifyUserEmail",
      {
        schema: {
          tags,
          summary: "验证邮箱（邮件链接）",
          description: "浏览器打开时验证后跳转到账号设置页；API 客户端得到信封。",
          querystring: VerifyEmailInput,
        },
      },
      async (req, reply) => {
        const wantsPage = String(req.headers.accept ?? "").includes("text/html");
        try {
          const user = await users.verifyUserEmail(req.query);
          if (wantsPage) return reply.redirect("/user/settings/account?emailVerified=1");
          return ok(user);
        } catch (err) {
          if (wantsPage) return reply.redirect("/user/settings/account?emailVerified=0");
          throw err;
        }
      },
    );
    app.post(
      "/v1/verifyUserEmail",
      { schema: { tags, summary: "验证邮箱", body: VerifyEmailInput } },
      async (req) => ok(await users.verifyUserEmail(req.body)),
    );

    app.post(
      "/v1/createUser",
      {
        schema: {
          tags,
          summary: "注册并登录",
          description:
            "邮箱注册：email、username、password；手机注册：phoneNumber、smsCode（或 vcode）、username、password。" +
            "注册错误以 HTTP 200 返回并放在 s 中：10013 用户名已占用，10014 手机号已注册，10019 邮箱已注册，10017 验证码错误。",
          body: CreateUserBody,
        },
        config: { rateLimit: { max: 10, timeWindow: "10 minutes" } },
      },
      async (req, reply) => {
        const { clientId, device_id, vcode, ...input } = req.body;
        const result = await users.createUser(
          { ...input, smsCode: input.smsCode ?? vcode },
          req.caller,
          clientId ?? device_id,
        );
        setSessionCookie(reply, config, result.token);
        return ok(result);
      },
    );

    app.get("/v1/getRandCode", { schema: { tags, summary: "获取 4 位图片验证码" } }, async () =>
      ok(await users.getRandCode()),
    );

    app.post(
      "/v2/sendSmsCodeToUser",
      {
        schema: {
          tags,
          summary: "发送短信验证码",
          description: "需要先通过图片验证码；同一手机号 60 秒一次、每天 10 次。useType bind 需要登录。",
          body: SendSmsBody,
        },
        config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      },
      async (req) => ok(await users.sendSmsCode(req.body, req.caller)),
    );

    for (const path of ["/v1/bindUserMobile", "/v2/updateUserMobile"]) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: "绑定或更换手机号（useType bind 的短信验证码）",
            description: needsLogin,
            body: BindMobileBody,
          },
        },
        async (req) => ok(await users.bindUserMobile(req.body, req.caller)),
      );
    }

    app.post(
      "/v1/updateUserEmail",
      {
        schema: {
          tags,
          summary: "绑定或更换邮箱（随后发送验证邮件）",
          description: needsLogin,
          body: UpdateEmailBody,
        },
      },
      async (req) => ok(await users.updateUserEmail(req.body, req.caller)),
    );

    app.post(
      "/v1/unbind",
      {
        schema: { tags, summary: "解绑邮箱、手机号或第三方账号", description: needsLogin, body: UnbindBody },
      },
      async (req) => ok(await users.unbind(req.body, req.caller)),
    );
  };
}
