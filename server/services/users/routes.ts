import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  ACCOUNT_CHANGES,
  EMAIL_REVERTS,
  REGISTRATIONS,
  RESET_MAILS,
  SMS_SENDS,
  VERIFY_MAILS,
} from "../../lib/rate-limits.ts";
import { ok } from "../../plugins/envelope.ts";
import { setSessionCookie } from "../../plugins/session.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../index.ts";
import {
  RevertEmailInput,
  BindMobileBody,
  ChangePasswordBody,
  ChangePasswordByEmailTokenBody,
  CreateUserBody,
  EditorApplicationGone,
  RandCode,
  RestPasswordBody,
  RestPwdByEmailBody,
  SendEmailBody,
  SendSmsBody,
  SmsSent,
  UnbindBody,
  UpdateEmailBody,
  UpdateUserInfoBody,
  VerifyEmailInput,
} from "./schema.ts";
import { route } from "../../lib/route.ts";
import { NEEDS_LOGIN } from "../../lib/route-notes.ts";
import { Empty, okResponse, Self, SessionStart } from "../../lib/response.ts";

const tags = ["users"];

/** User storage of spec §7, at /api/v1/NAME and /api/v2/NAME. */
export function userRoutes(services: Services, config: Config): FastifyPluginAsyncTypebox {
  return async (app) => {
    const users = services.users;

    app.get(
      "/v1/getUserInfo",
      route({
        cache: false,
        tags,
        summary: "当前用户信息",
        description: NEEDS_LOGIN,
        response: okResponse(Self),
      }),
      async (req) => ok(await users.getUserInfo(req.caller)),
    );

    app.post(
      "/v1/applyEditor",
      route({
        tags,
        summary: "申请成为编辑（已停用）",
        description:
          "规格 §5、§8：申请成为编辑已停用，总是拒绝。无论是否登录、带什么字段，都返回 HTTP 410，" +
          "{s: 410, m: '申请成为编辑的功能已停用', d: null}。",
        response: EditorApplicationGone,
      }),
      async () => users.applyEditor(),
    );

    app.post(
      "/v1/updateUserInfo",
      route({
        tags,
        summary: "修改一项个人资料",
        description: NEEDS_LOGIN,
        body: UpdateUserInfoBody,
        response: okResponse(Self),
      }),
      async (req) => ok(await users.updateUserInfo(req.body, req.caller)),
    );

    app.post(
      "/v1/changePassword",
      route({
        tags,
        summary: "修改密码（其他会话随之失效）",
        description: NEEDS_LOGIN,
        body: ChangePasswordBody,
        response: okResponse(Empty),
      }),
      async (req) => ok(await users.changePassword(req.body, req.caller)),
    );

    app.post(
      "/v1/restPassword",
      route({
        tags,
        summary: "用短信验证码重置密码",
        description:
          "smsCode 为 sendSmsCodeToUser（useType restpwd，须先过图片验证码）发到该手机号的验证码；验证码先于账号核对，" +
          "错误或缺少返回 10017（d.field 为 smsCode），本接口不单独回答手机号是否注册。" +
          "同一地址 15 分钟内找回密码落空（验证码错误、手机号或邮箱不存在）10 次后返回 429（带 Retry-After）。",
        body: RestPasswordBody,
        response: okResponse(Empty),
      }),
      async (req) => ok(await users.restPassword(req.body, req.caller)),
    );

    app.post(
      "/v1/restPwdByEmail",
      route({
        tags,
        summary: "发送重置密码邮件",
        description:
          "需要图片验证码：imageToken、imageCode 必填（getRandCode 获取，一次有效；缺少或错误返回 400，d.field 为 imageCode）。" +
          "邮箱未注册返回 404「邮箱不存在」；同一地址 15 分钟内找回密码落空 10 次后返回 429（带 Retry-After）。",
        body: RestPwdByEmailBody,
        response: okResponse(Empty),
        config: { rateLimit: RESET_MAILS },
      }),
      async (req) => ok(await users.restPwdByEmail(req.body, req.caller)),
    );

    app.post(
      "/v1/changePasswordByEmailToken",
      route({
        tags,
        summary: "用邮件令牌设置新密码",
        body: ChangePasswordByEmailTokenBody,
        response: okResponse(Empty),
      }),
      async (req) => ok(await users.changePasswordByEmailToken(req.body)),
    );

    app.post(
      "/v1/sendEmailToUser",
      route({
        tags,
        summary: "发送邮箱验证邮件",
        description: NEEDS_LOGIN,
        body: SendEmailBody,
        response: okResponse(Empty),
        config: { rateLimit: VERIFY_MAILS },
      }),
      async (req) => ok(await users.sendEmailToUser(req.body, req.caller)),
    );

    // Opened from the e-mail link (GET) or called by clients (POST).
    app.get(
      "/v1/verifyUserEmail",
      route({
        cache: false,
        tags,
        summary: "验证邮箱（邮件链接）",
        description: "浏览器打开时验证后跳转到账号设置页；API 客户端得到信封。",
        querystring: VerifyEmailInput,
        response: okResponse(Self),
      }),
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
      route({ tags, summary: "验证邮箱", body: VerifyEmailInput, response: okResponse(Self) }),
      async (req) => ok(await users.verifyUserEmail(req.body)),
    );

    app.post(
      "/v1/createUser",
      route({
        tags,
        summary: "注册并登录",
        description:
          "邮箱注册：email、username、password；手机注册：phoneNumber、smsCode（或 vcode）、username、password。" +
          "注册错误以 HTTP 200 返回并放在 s 中：10013 用户名已占用，10014 手机号已注册，10019 邮箱已注册，10017 验证码错误。",
        body: CreateUserBody,
        response: okResponse(SessionStart),
        config: { rateLimit: REGISTRATIONS },
      }),
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

    app.get(
      "/v1/getRandCode",
      route({ cache: false, tags, summary: "获取 4 位图片验证码", response: okResponse(RandCode) }),
      async (req) => ok(await users.getRandCode(req.caller)),
    );

    app.post(
      "/v2/sendSmsCodeToUser",
      route({
        tags,
        summary: "发送短信验证码",
        description:
          "需要先通过图片验证码；同一手机号 60 秒一次、每天 10 次。useType bind、close、confirm 需要登录；" +
          "close 与 confirm（没有密码的账号确认身份）只能发到本账号已绑定的手机号。" +
          "useType restpwd 的手机号未注册返回 404，并计入该地址找回密码的落空次数（15 分钟 10 次，之后 429）。",
        body: SendSmsBody,
        response: okResponse(SmsSent),
        config: { rateLimit: SMS_SENDS },
      }),
      async (req) => ok(await users.sendSmsCode(req.body, req.caller)),
    );

    for (const path of ["/v1/bindUserMobile", "/v2/updateUserMobile"]) {
      app.post(
        path,
        route({
          tags,
          summary: "绑定或更换手机号（useType bind 的短信验证码）",
          description:
            NEEDS_LOGIN +
            "需要确认是账号本人：账号设置过密码时需要 password（当前密码，缺少或错误返回 400，d.field 为 password）；" +
            "没有密码但已绑定手机号的账号需要 currentSmsCode（useType confirm 发到当前手机号的验证码，缺少 400、错误 10017，d.field 为 currentSmsCode）；" +
            "既没有密码也没有手机号的账号（第三方登录创建）可直接绑定，但 24 小时内不能用该手机号找回密码或确认身份。" +
            "成功后该账号其他设备上的登录退出，账号邮箱收到通知。",
          body: BindMobileBody,
          response: okResponse(Self),
          limit: ACCOUNT_CHANGES,
        }),
        async (req) => ok(await users.bindUserMobile(req.body, req.caller)),
      );
    }

    app.post(
      "/v1/updateUserEmail",
      route({
        tags,
        summary: "绑定或更换邮箱（随后发送验证邮件）",
        description:
          NEEDS_LOGIN +
          "需要确认是账号本人：账号设置过密码时需要 password（当前密码，缺少或错误返回 400，d.field 为 password）；" +
          "没有密码但已绑定手机号的账号需要 smsCode（useType confirm，缺少 400、错误 10017，d.field 为 smsCode）。" +
          "更换时旧邮箱会收到通知和一个撤销链接（/revert-email 页，确认后 POST /api/v1/revertEmailChange，7 天内有效），其他设备上的登录退出。" +
          "既没有密码也没有手机号的账号可直接绑定，但 24 小时内不能用该邮箱找回密码。",
        body: UpdateEmailBody,
        response: okResponse(Self),
        limit: ACCOUNT_CHANGES,
      }),
      async (req) => ok(await users.updateUserEmail(req.body, req.caller)),
    );

    app.post(
      "/v1/revertEmailChange",
      route({
        tags,
        summary: "撤销邮箱更换（旧邮箱收到的链接）",
        description:
          "把账号邮箱改回旧邮箱（视为已验证），并退出该账号在所有设备上的登录；发往新邮箱的重置密码链接随之失效。" +
          "token 只能用一次。旧邮箱收到的链接打开 /revert-email 确认页，由页面上的按钮发出本请求：" +
          "邮件安全网关会预先打开邮件中的链接，所以打开链接本身不改变任何东西。",
        body: RevertEmailInput,
        response: okResponse(Empty),
        config: { rateLimit: EMAIL_REVERTS },
      }),
      async (req) => ok(await users.revertEmailChange(req.body)),
    );

    // Links mailed before the confirmation page existed: they lead to it and change nothing.
    app.get(
      "/v1/revertEmailChange",
      { schema: { hide: true, querystring: RevertEmailInput }, config: { pageCache: false } },
      async (req, reply) => reply.redirect(`/revert-email?token=${encodeURIComponent(req.query.token)}`),
    );

    app.post(
      "/v1/unbind",
      route({
        tags,
        summary: "解绑邮箱、手机号或第三方账号",
        description:
          NEEDS_LOGIN +
          "需要确认是账号本人：password（当前密码，缺少或错误返回 400，d.field 为 password）；" +
          "没有密码的账号用 smsCode（useType confirm 发到已绑定手机号的验证码，缺少 400、错误 10017，d.field 为 smsCode；" +
          "24 小时内未经确认绑定的手机号不能用来确认，返回 403）。至少保留一种登录方式，否则返回 400。" +
          "成功后其他设备上的登录退出；解绑邮箱时该邮箱收到通知和撤销链接，其他解绑通知账号邮箱。",
        body: UnbindBody,
        response: okResponse(Self),
      }),
      async (req) => ok(await users.unbind(req.body, req.caller)),
    );
  };
}
