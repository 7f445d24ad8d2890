import { jsx, jsxs, Fragment } from "react/jsx-runtime";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, useRouteLoaderData, Link, useLocation, useNavigate, useNavigation, useRevalidator, UNSAFE_withComponentProps, Outlet, UNSAFE_withErrorBoundaryProps, isRouteErrorResponse, Meta, Links, ScrollRestoration, Scripts, data, redirect, NavLink, Form } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { createContext, useContext, useRef, useEffect, useState, useCallback, useId, useMemo } from "react";
import { randomBytes } from "node:crypto";
import "@node-rs/jieba";
import "@node-rs/jieba/dict.js";
import { sql, desc, and, eq, isNull } from "drizzle-orm";
import { integer, char, timestamp, pgTable, boolean, varchar, text, uniqueIndex, index, doublePrecision, check, primaryKey, bigint, jsonb, customType } from "drizzle-orm/pg-core";
const NonceContext = createContext("");
const useNonce = () => useContext(NonceContext);
const streamTimeout = 5e3;
function handleRequest(request2, responseStatusCode, responseHeaders, routerContext, loadContext) {
  if (request2.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request2.headers.get("user-agent");
    const readyOption = userAgent && isbot(userAgent) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId = setTimeout(
      () => abort(),
      streamTimeout + 1e3
    );
    const { pipe, abort } = renderToPipeableStream(
      /* @__PURE__ */ jsx(NonceContext.Provider, { value: nonce, children: /* @__PURE__ */ jsx(ServerRouter, { context: routerContext, url: request2.url, nonce }) }),
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = void 0;
              callback();
            }
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        }
      }
    );
  });
}
const entryServer = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: handleRequest,
  streamTimeout
}, Symbol.toStringTag, { value: "Module" }));
class ApiError extends Error {
  code;
  field;
  data;
  constructor(code, message, field = null, data2 = null) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.field = field;
    this.data = data2;
  }
}
const TIMEOUT_MS = 2e4;
const CSRF_COOKIE = "nugget_csrf";
const CSRF_HEADER = "x-csrf-token";
const NETWORK_ERROR_CODE = 0;
const NETWORK_MESSAGE = "网络异常，请检查网络后重试";
const TIMEOUT_MESSAGE = "请求超时，请稍后重试";
const SERVER_MESSAGE = "服务器开小差了，请稍后重试";
let fallbackCsrfToken = "";
function setCsrfToken(token) {
  fallbackCsrfToken = token;
}
function readCookie(name) {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}
function csrfToken() {
  return readCookie(CSRF_COOKIE) ?? fallbackCsrfToken;
}
function fieldOf(d) {
  if (d && typeof d === "object" && "field" in d && typeof d.field === "string") {
    return d.field;
  }
  return null;
}
async function request(method, path, body) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const headers2 = { accept: "application/json" };
  if (body !== void 0) headers2["content-type"] = "application/json";
  if (method !== "GET") headers2[CSRF_HEADER] = csrfToken();
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: headers2,
      body: body === void 0 ? void 0 : JSON.stringify(body),
      credentials: "same-origin",
      signal: controller.signal
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "AbortError";
    throw new ApiError(NETWORK_ERROR_CODE, timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  let envelope = null;
  try {
    envelope = await response.json();
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.s !== "number") {
    const message = response.status >= 500 ? SERVER_MESSAGE : `请求失败（${response.status}）`;
    throw new ApiError(response.ok ? 500 : response.status, message);
  }
  if (envelope.s === 1) return envelope.d;
  throw new ApiError(envelope.s, envelope.m || SERVER_MESSAGE, fieldOf(envelope.d), envelope.d ?? null);
}
function withQuery(path, query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== void 0) params.set(key, String(value));
  }
  const text2 = params.toString();
  return text2 ? `${path}${path.includes("?") ? "&" : "?"}${text2}` : path;
}
const api = {
  get: (path, query) => request("GET", withQuery(path, query)),
  post: (path, body) => request("POST", path, body ?? {}),
  put: (path, body) => request("PUT", path, body ?? {}),
  del: (path, body) => request("DELETE", path, body)
};
function errorMessage(error, fallback = "操作失败，请稍后重试") {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}
function pageTitle(title, siteName, options = {}) {
  const base = options.noTemplate || !title ? title || siteName : `${title} - ${siteName}`;
  const unread = options.unread ?? 0;
  return unread > 0 ? `(${unread}) ${base}` : base;
}
const DEFAULT_SITE_NAME = "Nugget";
function rootMeta(matches) {
  const root2 = matches.find((m) => m?.id === "root")?.loaderData;
  return {
    siteName: root2?.siteName || DEFAULT_SITE_NAME,
    unreadCount: root2?.unreadCount ?? 0
  };
}
function titleMeta(matches, title, options = {}) {
  const { siteName, unreadCount } = rootMeta(matches);
  const meta2 = [
    { title: pageTitle(title, siteName, { noTemplate: options.noTemplate, unread: unreadCount }) }
  ];
  if (options.description) meta2.push({ name: "description", content: options.description });
  return meta2;
}
const EMPTY = {
  viewer: null,
  siteName: DEFAULT_SITE_NAME,
  csrfToken: "",
  devOutbox: false,
  unreadCount: 0
};
function useRootData() {
  return useRouteLoaderData("root") ?? EMPTY;
}
function AlertList({ alerts, onDismiss }) {
  return /* @__PURE__ */ jsx("div", { className: "alert-list", "aria-live": "polite", children: alerts.map((item) => /* @__PURE__ */ jsxs(
    "div",
    {
      className: `alert alert-${item.type}`,
      role: item.type === "error" ? "alert" : "status",
      children: [
        /* @__PURE__ */ jsx("span", { className: "alert-icon", "aria-hidden": "true", children: item.type === "success" ? "✓" : item.type === "error" ? "!" : item.type === "warning" ? "!" : "i" }),
        /* @__PURE__ */ jsx("span", { className: "alert-message", children: item.message }),
        /* @__PURE__ */ jsx(
          "button",
          {
            type: "button",
            className: "alert-close",
            "aria-label": "关闭提示",
            onClick: () => onDismiss(item.id),
            children: "×"
          }
        )
      ]
    },
    item.id
  )) });
}
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
function Modal({
  open,
  onClose,
  labelledBy,
  className,
  role = "dialog",
  initialFocus,
  children
}) {
  const panel = useRef(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    const node = panel.current;
    const first = (initialFocus ? node?.querySelector(initialFocus) : null) ?? node?.querySelector(FOCUSABLE) ?? node;
    first?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKeyDown = (event) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== "Tab" || !node) return;
      const items = [...node.querySelectorAll(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null
      );
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open, initialFocus]);
  if (!open) return null;
  return /* @__PURE__ */ jsx(
    "div",
    {
      className: "modal-backdrop",
      onMouseDown: (event) => {
        if (event.target === event.currentTarget) onClose();
      },
      children: /* @__PURE__ */ jsxs(
        "div",
        {
          ref: panel,
          className: className ? `modal ${className}` : "modal",
          role,
          "aria-modal": "true",
          "aria-labelledby": labelledBy,
          tabIndex: -1,
          children: [
            /* @__PURE__ */ jsx("button", { type: "button", className: "modal-close", "aria-label": "关闭", onClick: onClose, children: "×" }),
            children
          ]
        }
      )
    }
  );
}
function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "确定",
  busy,
  onConfirm,
  onCancel
}) {
  return /* @__PURE__ */ jsxs(
    Modal,
    {
      open,
      onClose: onCancel,
      labelledBy: "confirm-title",
      role: "alertdialog",
      className: "confirm-dialog",
      initialFocus: ".confirm-cancel",
      children: [
        /* @__PURE__ */ jsx("h2", { id: "confirm-title", className: "modal-title", children: title }),
        message ? /* @__PURE__ */ jsx("p", { className: "confirm-message", children: message }) : null,
        /* @__PURE__ */ jsxs("div", { className: "confirm-actions", children: [
          /* @__PURE__ */ jsx("button", { type: "button", className: "btn confirm-cancel", onClick: onCancel, children: "取消" }),
          /* @__PURE__ */ jsx("button", { type: "button", className: "btn btn-primary", onClick: onConfirm, disabled: busy, children: busy ? "请稍候..." : confirmLabel })
        ] })
      ]
    }
  );
}
const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 128,
  passwordInputMax: 64,
  accountInputMax: 64,
  smsCodeInputMax: 6,
  captchaLength: 4,
  searchMax: 32,
  selfDescriptionMax: 100,
  jobTitleMax: 50,
  companyMax: 50,
  blogAddressMax: 200
};
const USERNAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_]+$/;
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE_PATTERN = /^1[3-9]\d{9}$/;
const SMS_CODE_PATTERN = /^\d{6}$/;
const URL_PATTERN = /^(https?:\/\/)?([\p{L}\p{N}-]+\.)+[\p{L}]{2,}(:\d{1,5})?(\/[^\s]*)?$/u;
const MESSAGES = {
  usernameEmpty: "用户名不能为空",
  usernameTooLong: `用户名不能超过 ${LIMITS.usernameMax} 个字符`,
  usernameChars: "用户名只能包含中文、字母、数字和下划线",
  usernameTaken: "用户名已被占用",
  passwordEmpty: "密码不能为空",
  passwordTooShort: `密码不能少于 ${LIMITS.passwordMin} 位`,
  passwordTooLong: `密码不能超过 ${LIMITS.passwordMax} 位`,
  passwordMismatch: "两次输入的密码不一致",
  currentPasswordEmpty: "请输入当前密码",
  accountEmpty: "请输入手机号或邮箱",
  accountInvalid: "请输入正确的手机号或邮箱",
  emailEmpty: "请输入邮箱",
  emailInvalid: "邮箱格式不正确",
  phoneEmpty: "请输入手机号",
  phoneInvalid: "手机号格式不正确",
  smsCodeEmpty: "请输入短信验证码",
  smsCodeInvalid: "短信验证码为 6 位数字",
  captchaInvalid: "请输入 4 位图片验证码",
  urlInvalid: "个人主页格式不正确"
};
function checkUsername(value) {
  const v = value.trim();
  if (!v) return MESSAGES.usernameEmpty;
  if ([...v].length > LIMITS.usernameMax) return MESSAGES.usernameTooLong;
  if (!USERNAME_PATTERN.test(v)) return MESSAGES.usernameChars;
  return null;
}
function checkPassword(value) {
  if (!value) return MESSAGES.passwordEmpty;
  if (value.length < LIMITS.passwordMin) return MESSAGES.passwordTooShort;
  if (value.length > LIMITS.passwordMax) return MESSAGES.passwordTooLong;
  return null;
}
function checkPasswordConfirm(password2, confirm) {
  return password2 === confirm ? null : MESSAGES.passwordMismatch;
}
function isEmail(value) {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
function isPhone(value) {
  return PHONE_PATTERN.test(value);
}
function checkEmail(value) {
  if (!value.trim()) return MESSAGES.emailEmpty;
  return isEmail(value.trim()) ? null : MESSAGES.emailInvalid;
}
function checkPhone(value) {
  if (!value.trim()) return MESSAGES.phoneEmpty;
  return isPhone(value.trim()) ? null : MESSAGES.phoneInvalid;
}
function checkSmsCode(value) {
  if (!value.trim()) return MESSAGES.smsCodeEmpty;
  return SMS_CODE_PATTERN.test(value.trim()) ? null : MESSAGES.smsCodeInvalid;
}
function checkCaptcha(value) {
  return value.trim().length === LIMITS.captchaLength ? null : MESSAGES.captchaInvalid;
}
function checkBlogAddress(value) {
  const v = value.trim();
  if (!v) return null;
  return v.length <= LIMITS.blogAddressMax && URL_PATTERN.test(v) ? null : MESSAGES.urlInvalid;
}
function normalizeBlogAddress(value) {
  const v = value.trim();
  if (!v) return "";
  return /^https?:\/\//i.test(v) ? v : `http://${v}`;
}
function classifyAccount(account2) {
  return isPhone(account2.trim()) ? "phone" : "email";
}
function checkAccount(value) {
  const v = value.trim();
  if (!v) return MESSAGES.accountEmpty;
  if (!isPhone(v) && !isEmail(v)) return MESSAGES.accountInvalid;
  return null;
}
function normalizeSearchQuery(value) {
  return [...value.trim()].slice(0, LIMITS.searchMax).join("");
}
function Field({ ref: ref2, label, hideLabel, error, addon, id, className, ...input }) {
  const inputId = id ?? `field-${input.name ?? label}`;
  const errorId = `${inputId}-error`;
  return /* @__PURE__ */ jsxs("div", { className: `field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`, children: [
    /* @__PURE__ */ jsx("label", { htmlFor: inputId, className: hideLabel ? "visually-hidden" : "field-label", children: label }),
    /* @__PURE__ */ jsxs("div", { className: "field-row", children: [
      /* @__PURE__ */ jsx(
        "input",
        {
          ref: ref2,
          id: inputId,
          className: "input",
          "aria-invalid": error ? true : void 0,
          "aria-describedby": error ? errorId : void 0,
          ...input
        }
      ),
      addon
    ] }),
    error ? /* @__PURE__ */ jsx("p", { id: errorId, className: "field-error", role: "alert", children: error }) : null
  ] });
}
const RESET_FOR_SAFETY = "为了您的账号安全，请重置密码";
function LoginForm({ idPrefix, onSuccess, onPandaChange, onError }) {
  const [account2, setAccount] = useState("");
  const [password2, setPassword] = useState("");
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const accountInput = useRef(null);
  const passwordInput = useRef(null);
  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    const trimmed = account2.trim();
    if (!trimmed) {
      setErrors({ account: MESSAGES.accountEmpty });
      accountInput.current?.focus();
      return;
    }
    if (!password2) {
      setErrors({ password: MESSAGES.passwordEmpty });
      passwordInput.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const kind = classifyAccount(trimmed);
    try {
      const result = kind === "phone" ? await api.post("/api/auth/type/phoneNumber", { phoneNumber: trimmed, password: password2 }) : await api.post("/api/auth/type/email", { email: trimmed, password: password2 });
      onSuccess(result);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      const serverMessage = error instanceof ApiError ? error.message : "";
      switch (code) {
        case 401:
          setErrors({ password: serverMessage || "密码错误" });
          passwordInput.current?.focus();
          passwordInput.current?.select();
          break;
        case 403:
          onError(serverMessage || "登录失败次数过多，请稍后再试");
          break;
        case 404:
          setErrors({ account: serverMessage || (kind === "phone" ? "手机号未注册" : "邮箱未注册") });
          accountInput.current?.focus();
          break;
        case 410: {
          const query = new URLSearchParams({
            type: kind === "phone" ? "phone" : "email",
            account: trimmed,
            msg: RESET_FOR_SAFETY
          });
          window.location.assign(`/reset-password?${query.toString()}`);
          return;
        }
        default:
          onError(serverMessage || "登录失败，请稍后重试");
      }
    } finally {
      setBusy(false);
    }
  }
  return /* @__PURE__ */ jsxs("form", { className: "auth-form", onSubmit: submit, noValidate: true, children: [
    /* @__PURE__ */ jsx(
      Field,
      {
        ref: accountInput,
        id: `${idPrefix}-account`,
        name: "account",
        label: "手机号或邮箱",
        hideLabel: true,
        placeholder: "请输入手机号或邮箱",
        autoComplete: "username",
        inputMode: "email",
        maxLength: LIMITS.accountInputMax,
        value: account2,
        onChange: (event) => setAccount(event.target.value),
        onFocus: () => onPandaChange?.("greeting"),
        onBlur: () => onPandaChange?.("normal"),
        error: errors.account
      }
    ),
    /* @__PURE__ */ jsx(
      Field,
      {
        ref: passwordInput,
        id: `${idPrefix}-password`,
        name: "password",
        type: "password",
        label: "密码",
        hideLabel: true,
        placeholder: "请输入密码",
        autoComplete: "current-password",
        maxLength: LIMITS.passwordInputMax,
        value: password2,
        onChange: (event) => setPassword(event.target.value),
        onFocus: () => onPandaChange?.("blindfold"),
        onBlur: () => onPandaChange?.("normal"),
        error: errors.password
      }
    ),
    /* @__PURE__ */ jsx("button", { type: "submit", className: "btn btn-primary btn-block", disabled: busy, children: busy ? "登录中..." : "登录" })
  ] });
}
function Panda({ state }) {
  return /* @__PURE__ */ jsx("div", { className: "panda", "data-state": state, "aria-hidden": "true", children: /* @__PURE__ */ jsxs("svg", { viewBox: "0 0 200 120", width: "200", height: "120", children: [
    /* @__PURE__ */ jsxs("g", { className: "panda-head", children: [
      /* @__PURE__ */ jsx("circle", { cx: "56", cy: "40", r: "17", fill: "#2b2b2b" }),
      /* @__PURE__ */ jsx("circle", { cx: "144", cy: "40", r: "17", fill: "#2b2b2b" }),
      /* @__PURE__ */ jsx("ellipse", { cx: "100", cy: "84", rx: "62", ry: "52", fill: "#fff", stroke: "#2b2b2b", strokeWidth: "3" }),
      /* @__PURE__ */ jsx("ellipse", { cx: "76", cy: "80", rx: "14", ry: "18", fill: "#2b2b2b", transform: "rotate(-28 76 80)" }),
      /* @__PURE__ */ jsx("ellipse", { cx: "124", cy: "80", rx: "14", ry: "18", fill: "#2b2b2b", transform: "rotate(28 124 80)" }),
      /* @__PURE__ */ jsxs("g", { className: "panda-eyes-open", children: [
        /* @__PURE__ */ jsx("circle", { cx: "78", cy: "78", r: "6", fill: "#fff" }),
        /* @__PURE__ */ jsx("circle", { cx: "122", cy: "78", r: "6", fill: "#fff" }),
        /* @__PURE__ */ jsx("circle", { cx: "79", cy: "79", r: "3", fill: "#2b2b2b" }),
        /* @__PURE__ */ jsx("circle", { cx: "121", cy: "79", r: "3", fill: "#2b2b2b" })
      ] }),
      /* @__PURE__ */ jsxs("g", { className: "panda-eyes-happy", fill: "none", stroke: "#fff", strokeWidth: "3", strokeLinecap: "round", children: [
        /* @__PURE__ */ jsx("path", { d: "M71 81 q7 -9 14 0" }),
        /* @__PURE__ */ jsx("path", { d: "M115 81 q7 -9 14 0" })
      ] }),
      /* @__PURE__ */ jsx("ellipse", { cx: "100", cy: "98", rx: "7", ry: "5", fill: "#2b2b2b" }),
      /* @__PURE__ */ jsx("path", { d: "M93 106 q7 6 14 0", fill: "none", stroke: "#2b2b2b", strokeWidth: "2", strokeLinecap: "round" }),
      /* @__PURE__ */ jsx("ellipse", { className: "panda-blush", cx: "64", cy: "102", rx: "8", ry: "4", fill: "#ffb8c6" }),
      /* @__PURE__ */ jsx("ellipse", { className: "panda-blush", cx: "136", cy: "102", rx: "8", ry: "4", fill: "#ffb8c6" })
    ] }),
    /* @__PURE__ */ jsx("ellipse", { className: "panda-paw panda-paw-left", cx: "62", cy: "122", rx: "19", ry: "15", fill: "#2b2b2b" }),
    /* @__PURE__ */ jsx("ellipse", { className: "panda-paw panda-paw-right", cx: "138", cy: "122", rx: "19", ry: "15", fill: "#2b2b2b" })
  ] }) });
}
function CaptchaField({ captcha, value, onChange, error, idPrefix, hideLabel }) {
  return /* @__PURE__ */ jsx(
    Field,
    {
      id: `${idPrefix}-captcha`,
      name: "imageCode",
      label: "图片验证码",
      hideLabel,
      placeholder: "请输入图片验证码",
      autoComplete: "off",
      maxLength: LIMITS.captchaLength,
      value,
      onChange: (event) => onChange(event.target.value),
      error: error ?? captcha.error,
      addon: /* @__PURE__ */ jsx(
        "button",
        {
          type: "button",
          className: "captcha-image",
          onClick: () => void captcha.refresh(),
          "aria-label": "看不清，换一张",
          title: "看不清，换一张",
          children: captcha.imageStr ? /* @__PURE__ */ jsx("img", { src: captcha.imageStr, alt: "图片验证码", width: 100, height: 36 }) : /* @__PURE__ */ jsx("span", { children: captcha.loading ? "加载中..." : "点击获取" })
        }
      )
    }
  );
}
function useCaptcha(enabled) {
  const [image, setImage] = useState(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(null);
  const request2 = useRef(0);
  const refresh = useCallback(async () => {
    const id = ++request2.current;
    setLoading(true);
    try {
      const data2 = await api.get("/api/v1/getRandCode");
      if (id === request2.current) {
        setImage(data2);
        setError(null);
      }
    } catch (e) {
      if (id === request2.current) setError(errorMessage(e, "验证码加载失败，点击重试"));
    } finally {
      if (id === request2.current) setLoading(false);
    }
  }, []);
  const loaded = image !== null || loading;
  useEffect(() => {
    if (enabled && !loaded) void refresh();
  }, [enabled, loaded, refresh]);
  return { imageStr: image?.imageStr ?? "", imageToken: image?.imageToken ?? "", loading, error, refresh };
}
const SMS_RESEND_SECONDS = 60;
function useSmsSender(useType, captcha) {
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((n) => n - 1), 1e3);
    return () => clearTimeout(timer);
  }, [remaining]);
  const send = useCallback(
    async (phone, imageCode) => {
      const phoneError = checkPhone(phone);
      if (phoneError) return { ok: false, field: "phone", message: phoneError };
      const captchaError = checkCaptcha(imageCode);
      if (captchaError) return { ok: false, field: "imageCode", message: captchaError };
      setSending(true);
      try {
        await api.post("/api/v2/sendSmsCodeToUser", {
          phone: phone.trim(),
          imageToken: captcha.imageToken,
          imageCode: imageCode.trim(),
          useType
        });
        setRemaining(SMS_RESEND_SECONDS);
        return { ok: true };
      } catch (error) {
        void captcha.refresh();
        return { ok: false, message: errorMessage(error, "验证码发送失败，请稍后重试") };
      } finally {
        setSending(false);
      }
    },
    [captcha, useType]
  );
  const label = sending ? "发送中..." : remaining > 0 ? `${remaining}s 后重发` : "获取验证码";
  return { send, sending, remaining, label, disabled: sending || remaining > 0 };
}
const REGISTER_ERRORS = {
  10013: { field: "username", message: MESSAGES.usernameTaken },
  10014: { field: "account", message: "该手机号已被注册" },
  10019: { field: "account", message: "该邮箱已被注册" },
  10017: { field: "smsCode", message: "验证码错误" }
};
function RegisterForm({ idPrefix, onSuccess, onPandaChange, onError, onNotice }) {
  const [account2, setAccount] = useState("");
  const [username, setUsername] = useState("");
  const [password2, setPassword] = useState("");
  const [imageCode, setImageCode] = useState("");
  const [smsCode, setSmsCode] = useState("");
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef({});
  const byPhone = isPhone(account2.trim());
  const captcha = useCaptcha(byPhone);
  const sms = useSmsSender("signup", captcha);
  function fail(next) {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) inputs.current[first]?.focus();
  }
  async function sendCode() {
    const result = await sms.send(account2, imageCode);
    if (result.ok) {
      setErrors({});
      onNotice("验证码已发送，请注意查收短信");
      inputs.current.smsCode?.focus();
    } else if (result.field) {
      fail({ [result.field === "phone" ? "account" : "imageCode"]: result.message });
    } else {
      setImageCode("");
      onError(result.message ?? "验证码发送失败");
    }
  }
  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    const next = {};
    const accountError = checkAccount(account2);
    if (accountError) next.account = accountError;
    const usernameError = checkUsername(username);
    if (usernameError) next.username = usernameError;
    const passwordError = checkPassword(password2);
    if (passwordError) next.password = passwordError;
    if (byPhone) {
      const smsError = checkSmsCode(smsCode);
      if (smsError) next.smsCode = smsError;
    }
    if (Object.keys(next).length > 0) return fail(next);
    setErrors({});
    setBusy(true);
    const body = byPhone ? { username: username.trim(), password: password2, phoneNumber: account2.trim(), smsCode: smsCode.trim() } : { username: username.trim(), password: password2, email: account2.trim() };
    try {
      onSuccess(await api.post("/api/v1/createUser", body));
    } catch (error) {
      const known = error instanceof ApiError ? REGISTER_ERRORS[error.code] : void 0;
      if (known) {
        fail({ [known.field]: known.message });
      } else if (error instanceof ApiError && error.field && fieldFor(error.field)) {
        fail({ [fieldFor(error.field)]: error.message });
      } else {
        onError(error instanceof ApiError && error.code !== 0 ? error.message : "注册失败，请稍后重试");
      }
    } finally {
      setBusy(false);
    }
  }
  const greet = () => onPandaChange?.("greeting");
  const rest = () => onPandaChange?.("normal");
  return /* @__PURE__ */ jsxs("form", { className: "auth-form", onSubmit: submit, noValidate: true, children: [
    /* @__PURE__ */ jsx(
      Field,
      {
        ref: (el) => {
          inputs.current.account = el;
        },
        id: `${idPrefix}-account`,
        name: "account",
        label: "手机号或邮箱",
        hideLabel: true,
        placeholder: "请输入手机号或邮箱",
        autoComplete: "username",
        maxLength: LIMITS.accountInputMax,
        value: account2,
        onChange: (event) => {
          setAccount(event.target.value);
          setSmsCode("");
        },
        onFocus: greet,
        onBlur: rest,
        error: errors.account
      }
    ),
    byPhone ? /* @__PURE__ */ jsxs(Fragment, { children: [
      /* @__PURE__ */ jsx(
        CaptchaField,
        {
          idPrefix,
          hideLabel: true,
          captcha,
          value: imageCode,
          onChange: setImageCode,
          error: errors.imageCode
        }
      ),
      /* @__PURE__ */ jsx(
        Field,
        {
          ref: (el) => {
            inputs.current.smsCode = el;
          },
          id: `${idPrefix}-sms`,
          name: "smsCode",
          label: "短信验证码",
          hideLabel: true,
          placeholder: "请输入短信验证码",
          autoComplete: "one-time-code",
          inputMode: "numeric",
          maxLength: LIMITS.smsCodeInputMax,
          value: smsCode,
          onChange: (event) => setSmsCode(event.target.value),
          error: errors.smsCode,
          addon: /* @__PURE__ */ jsx(
            "button",
            {
              type: "button",
              className: "btn btn-ghost sms-button",
              onClick: () => void sendCode(),
              disabled: sms.disabled,
              children: sms.label
            }
          )
        }
      )
    ] }) : null,
    /* @__PURE__ */ jsx(
      Field,
      {
        ref: (el) => {
          inputs.current.username = el;
        },
        id: `${idPrefix}-username`,
        name: "username",
        label: "用户名",
        hideLabel: true,
        placeholder: "请输入用户名",
        autoComplete: "nickname",
        maxLength: LIMITS.usernameMax,
        value: username,
        onChange: (event) => setUsername(event.target.value),
        onFocus: greet,
        onBlur: rest,
        error: errors.username
      }
    ),
    /* @__PURE__ */ jsx(
      Field,
      {
        ref: (el) => {
          inputs.current.password = el;
        },
        id: `${idPrefix}-password`,
        name: "password",
        type: "password",
        label: "密码",
        hideLabel: true,
        placeholder: `请输入密码（不少于 ${LIMITS.passwordMin} 位）`,
        autoComplete: "new-password",
        maxLength: LIMITS.passwordInputMax,
        value: password2,
        onChange: (event) => setPassword(event.target.value),
        onFocus: () => onPandaChange?.("blindfold"),
        onBlur: rest,
        error: errors.password
      }
    ),
    /* @__PURE__ */ jsx("button", { type: "submit", className: "btn btn-primary btn-block", disabled: busy, children: busy ? "注册中..." : "注册" })
  ] });
}
function fieldFor(apiField) {
  if (apiField === "phoneNumber" || apiField === "email" || apiField === "phone") return "account";
  if (apiField === "vcode") return "smsCode";
  const own = ["account", "username", "password", "imageCode", "smsCode"];
  return own.includes(apiField) ? apiField : null;
}
function AuthModal({ panel, onPanelChange, onClose, onSuccess, onError, onNotice }) {
  const [panda, setPanda] = useState("normal");
  const open = panel !== null;
  const title = panel === "register" ? "注册" : "登录";
  return /* @__PURE__ */ jsxs(
    Modal,
    {
      open,
      onClose,
      labelledBy: "auth-modal-title",
      className: "auth-modal",
      initialFocus: "input",
      children: [
        /* @__PURE__ */ jsx(Panda, { state: panda }),
        /* @__PURE__ */ jsx("h2", { id: "auth-modal-title", className: "modal-title", children: title }),
        panel === "register" ? /* @__PURE__ */ jsxs(Fragment, { children: [
          /* @__PURE__ */ jsx(
            RegisterForm,
            {
              idPrefix: "auth-register",
              onSuccess: (result) => onSuccess(result, "register"),
              onPandaChange: setPanda,
              onError,
              onNotice
            },
            "register"
          ),
          /* @__PURE__ */ jsxs("p", { className: "auth-switch", children: [
            "已有账号？",
            /* @__PURE__ */ jsx("button", { type: "button", className: "link-button", onClick: () => onPanelChange("login"), children: "登录" })
          ] })
        ] }) : /* @__PURE__ */ jsxs(Fragment, { children: [
          /* @__PURE__ */ jsx(
            LoginForm,
            {
              idPrefix: "auth-login",
              onSuccess: (result) => onSuccess(result, "login"),
              onPandaChange: setPanda,
              onError
            },
            "login"
          ),
          /* @__PURE__ */ jsxs("p", { className: "auth-switch", children: [
            "没有账号？",
            /* @__PURE__ */ jsx("button", { type: "button", className: "link-button", onClick: () => onPanelChange("register"), children: "注册" }),
            /* @__PURE__ */ jsx(Link, { to: "/reset-password", className: "auth-forgot", onClick: onClose, children: "忘记密码" })
          ] })
        ] }),
        /* @__PURE__ */ jsx("p", { className: "auth-agreement", children: "注册登录即表示同意用户协议与隐私政策" })
      ]
    }
  );
}
function QuickLoginModal({ open, onClose, onSuccess, onError, onRegister }) {
  return /* @__PURE__ */ jsxs(
    Modal,
    {
      open,
      onClose,
      labelledBy: "quick-login-title",
      className: "quick-login-modal",
      initialFocus: "input",
      children: [
        /* @__PURE__ */ jsx("h2", { id: "quick-login-title", className: "modal-title", children: "登录后继续操作" }),
        /* @__PURE__ */ jsx(LoginForm, { idPrefix: "quick-login", onSuccess, onError }),
        /* @__PURE__ */ jsxs("p", { className: "auth-switch", children: [
          "没有账号？",
          /* @__PURE__ */ jsx("button", { type: "button", className: "link-button", onClick: onRegister, children: "注册" }),
          /* @__PURE__ */ jsx(Link, { to: "/reset-password", className: "auth-forgot", onClick: onClose, children: "忘记密码" })
        ] })
      ]
    }
  );
}
const THOUSAND = 1e3;
const MILLION = 1e6;
function formatCount(n) {
  if (!Number.isFinite(n)) return "0";
  const whole = Math.trunc(n);
  if (whole >= MILLION) return `${cutOneDecimal(whole, MILLION)}M`;
  if (whole > THOUSAND) return `${cutOneDecimal(whole, THOUSAND)}K`;
  return String(whole);
}
function cutOneDecimal(whole, unit) {
  const tenths = Math.floor(whole / (unit / 10));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
const SECOND = 1e3;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;
const UNITS = [
  [YEAR, "年"],
  [MONTH, "个月"],
  [DAY, "天"],
  [HOUR, "小时"],
  [MINUTE, "分钟"]
];
function relativeTime(date, now = Date.now()) {
  const then = date instanceof Date ? date.getTime() : new Date(date).getTime();
  const current = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(then) || !Number.isFinite(current)) return "";
  const diff = current - then;
  if (diff < MINUTE) return "刚刚";
  for (const [size, label] of UNITS) {
    if (diff >= size) return `${Math.floor(diff / size)}${label}前`;
  }
  return "刚刚";
}
const STORAGE_KEY = "nugget.repoState";
const REPO_SINCE = [
  { value: "daily", title: "今日" },
  { value: "weekly", title: "本周" },
  { value: "monthly", title: "本月" }
];
const REPO_LANGUAGES = [
  "all",
  "JavaScript",
  "TypeScript",
  "Python",
  "Java",
  "Go",
  "Rust",
  "C++",
  "C",
  "Swift",
  "Kotlin",
  "Objective-C",
  "PHP",
  "Ruby",
  "Shell",
  "Vue",
  "Dart"
];
function isRepoSince(value) {
  return REPO_SINCE.some((s) => s.value === value);
}
function repoIndexUrl(state) {
  const params = new URLSearchParams();
  if (state.lang && state.lang !== "all") params.set("lang", state.lang);
  if (state.since && state.since !== "daily") params.set("since", state.since);
  const query = params.toString();
  return query ? `/repos?${query}` : "/repos";
}
function saveRepoState(state) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
  }
}
function loadRepoState() {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw);
    return {
      lang: typeof parsed.lang === "string" ? parsed.lang : void 0,
      since: typeof parsed.since === "string" && isRepoSince(parsed.since) ? parsed.since : void 0
    };
  } catch {
    return {};
  }
}
function useThrottledScroll(onScroll, wait) {
  const callback = useRef(onScroll);
  useEffect(() => {
    callback.current = onScroll;
  });
  useEffect(() => {
    let last = 0;
    let trailing;
    const fire = () => {
      last = Date.now();
      callback.current(window.scrollY);
    };
    const handler = () => {
      const remaining = wait - (Date.now() - last);
      clearTimeout(trailing);
      if (remaining <= 0) fire();
      else trailing = setTimeout(fire, remaining);
    };
    window.addEventListener("scroll", handler, { passive: true });
    fire();
    return () => {
      window.removeEventListener("scroll", handler);
      clearTimeout(trailing);
    };
  }, [wait]);
}
function Avatar({ user, size = 32, className }) {
  const style = { width: size, height: size };
  const classes = `avatar${className ? ` ${className}` : ""}`;
  if (user.avatarLarge) {
    return /* @__PURE__ */ jsx(
      "img",
      {
        className: classes,
        src: user.avatarLarge,
        alt: `${user.username}的头像`,
        width: size,
        height: size,
        loading: "lazy",
        decoding: "async",
        style
      }
    );
  }
  const initial = [...user.username || "?"][0]?.toUpperCase() ?? "?";
  return /* @__PURE__ */ jsx(
    "span",
    {
      className: `${classes} avatar-fallback`,
      style: { ...style, fontSize: Math.round(size * 0.45) },
      role: "img",
      "aria-label": `${user.username}的头像`,
      children: initial
    }
  );
}
const ITEM_SELECTOR = '[role="menuitem"]';
function Dropdown({
  label,
  ariaLabel,
  buttonClassName,
  className,
  kind = "menu",
  align = "right",
  children
}) {
  const [open, setOpen] = useState(false);
  const root2 = useRef(null);
  const button = useRef(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const items = () => [...root2.current?.querySelectorAll(ITEM_SELECTOR) ?? []].filter(
    (el) => el.offsetParent !== null
  );
  useEffect(() => {
    if (!open) return;
    const first = kind === "menu" ? items()[0] : root2.current?.querySelector(".dropdown-panel");
    first?.focus();
    const onPointer = (event) => {
      if (root2.current && !root2.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    return () => document.removeEventListener("mousedown", onPointer);
  }, [open, kind]);
  const onKeyDown = (event) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (kind !== "menu" || !open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp" || event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const list = items();
      if (list.length === 0) return;
      const index2 = list.indexOf(document.activeElement);
      const next = event.key === "Home" ? 0 : event.key === "End" ? list.length - 1 : event.key === "ArrowDown" ? (index2 + 1) % list.length : (index2 - 1 + list.length) % list.length;
      list[next].focus();
    }
  };
  return /* @__PURE__ */ jsxs(
    "div",
    {
      ref: root2,
      className: `dropdown${className ? ` ${className}` : ""}`,
      onKeyDown,
      onBlur: (event) => {
        if (open && root2.current && !root2.current.contains(event.relatedTarget)) {
          setOpen(false);
        }
      },
      children: [
        /* @__PURE__ */ jsx(
          "button",
          {
            ref: button,
            type: "button",
            className: buttonClassName,
            "aria-haspopup": kind === "menu" ? "menu" : "dialog",
            "aria-expanded": open,
            "aria-controls": open ? menuId : void 0,
            "aria-label": ariaLabel,
            onClick: () => setOpen((v) => !v),
            onKeyDown: (event) => {
              if (event.key === "ArrowDown" && !open) {
                event.preventDefault();
                setOpen(true);
              }
            },
            children: label
          }
        ),
        open ? kind === "menu" ? /* @__PURE__ */ jsx(
          "div",
          {
            id: menuId,
            role: "menu",
            className: `dropdown-menu align-${align}`,
            onClick: onMenuClick(close),
            children: children(close)
          }
        ) : /* @__PURE__ */ jsx("div", { id: menuId, className: `dropdown-panel align-${align}`, tabIndex: -1, children: children(close) }) : null
      ]
    }
  );
}
function onMenuClick(close) {
  return (event) => {
    const target = event.target;
    if (target.closest("a")) close();
  };
}
function LogoutDialog({ open, onCancel, onFailed }) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await api.del("/api/auth");
      window.location.reload();
    } catch (error) {
      setBusy(false);
      onFailed(errorMessage(error, "登出失败，请稍后重试"));
    }
  }
  return /* @__PURE__ */ jsx(
    ConfirmDialog,
    {
      open,
      title: "确定要登出吗？",
      message: "登出后需要重新登录才能点赞、评论和发布内容。",
      confirmLabel: "登出",
      busy,
      onConfirm: () => void confirm(),
      onCancel
    }
  );
}
const ShellContext = createContext(null);
function useShell() {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell must be used inside <AppShell>");
  return shell;
}
const HEADER_THROTTLE_MS = 50;
const HIDE_AFTER_PX = 200;
function navItems(viewer, repoHref) {
  const items = [{ to: "/", label: "首页" }];
  if (viewer?.isXiaoceAuthor) items.push({ to: "/books", label: "小册" });
  items.push(
    { to: "/zhuanlan/all", label: "专栏" },
    { to: "/collections/recommended", label: "收藏集" },
    { to: "/explore/all", label: "发现" },
    { to: repoHref, label: "开源库", section: "/repos" }
  );
  return items;
}
function activeSection(pathname) {
  if (pathname === "/" || pathname.startsWith("/welcome") || pathname.startsWith("/timeline")) return "/";
  const first = `/${pathname.split("/")[1] ?? ""}`;
  const map = {
    "/books": "/books",
    "/book": "/books",
    "/zhuanlan": "/zhuanlan/all",
    "/collections": "/collections/recommended",
    "/explore": "/explore/all",
    "/repos": "/repos"
  };
  return map[first] ?? "";
}
function Header({ unreadCount }) {
  const { viewer, siteName } = useShell();
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);
  const location = useLocation();
  useThrottledScroll((y) => {
    const goingDown = y > lastY.current;
    lastY.current = y;
    setHidden(y > HIDE_AFTER_PX && goingDown);
  }, HEADER_THROTTLE_MS);
  useEffect(() => {
    document.documentElement.toggleAttribute("data-header-hidden", hidden);
  }, [hidden]);
  const [repoHref, setRepoHref] = useState("/repos");
  useEffect(() => setRepoHref(repoIndexUrl(loadRepoState())), [location.key]);
  const items = navItems(viewer, repoHref);
  const section = activeSection(location.pathname);
  const keyOf2 = (item) => item.section ?? item.to;
  const current = items.find((item) => keyOf2(item) === section) ?? items[0];
  return /* @__PURE__ */ jsx("header", { className: `site-header${hidden ? " is-hidden" : ""}`, children: /* @__PURE__ */ jsxs("div", { className: "header-inner", children: [
    /* @__PURE__ */ jsxs(Link, { to: "/", className: "logo", "aria-label": `${siteName} 首页`, children: [
      /* @__PURE__ */ jsx(LogoMark, {}),
      /* @__PURE__ */ jsx("span", { className: "logo-text", children: siteName })
    ] }),
    /* @__PURE__ */ jsxs("nav", { className: "main-nav", "aria-label": "主导航", children: [
      /* @__PURE__ */ jsx("ul", { className: "nav-list", children: items.map((item) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(
        Link,
        {
          to: item.to,
          className: keyOf2(item) === section ? "nav-link active" : "nav-link",
          "aria-current": keyOf2(item) === section ? "page" : void 0,
          children: item.label
        }
      ) }, keyOf2(item))) }),
      /* @__PURE__ */ jsx(
        Dropdown,
        {
          className: "mobile-nav",
          buttonClassName: "mobile-nav-toggle",
          label: /* @__PURE__ */ jsxs(Fragment, { children: [
            current.label,
            /* @__PURE__ */ jsx("span", { className: "caret", "aria-hidden": "true" })
          ] }),
          ariaLabel: `导航菜单，当前：${current.label}`,
          align: "left",
          children: () => items.map((item) => /* @__PURE__ */ jsx(
            Link,
            {
              to: item.to,
              role: "menuitem",
              className: keyOf2(item) === section ? "menu-item active" : "menu-item",
              children: item.label
            },
            keyOf2(item)
          ))
        }
      )
    ] }),
    /* @__PURE__ */ jsx(SearchBox, {}),
    /* @__PURE__ */ jsx("div", { className: "header-actions", children: viewer ? /* @__PURE__ */ jsx(ViewerActions, { viewer, unreadCount }) : /* @__PURE__ */ jsx(GuestActions, {}) })
  ] }) });
}
function LogoMark() {
  return /* @__PURE__ */ jsxs("svg", { className: "logo-mark", viewBox: "0 0 36 28", width: "30", height: "24", "aria-hidden": "true", children: [
    /* @__PURE__ */ jsx("path", { d: "M18 0l5 4-5 4-5-4z", fill: "#1e80ff" }),
    /* @__PURE__ */ jsx("path", { d: "M18 12l9-7 4 3-13 10L5 8l4-3z", fill: "#1e80ff" }),
    /* @__PURE__ */ jsx("path", { d: "M18 22l14-11 4 3-18 14L0 14l4-3z", fill: "#1e80ff" })
  ] });
}
function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromUrl = location.pathname === "/search" ? new URLSearchParams(location.search).get("query") ?? "" : "";
  const [value, setValue] = useState(fromUrl);
  const [prev, setPrev] = useState(fromUrl);
  if (fromUrl !== prev) {
    setPrev(fromUrl);
    setValue(fromUrl);
  }
  function submit(event) {
    event.preventDefault();
    const query = normalizeSearchQuery(value);
    if (!query) return;
    navigate(`/search?${new URLSearchParams({ query }).toString()}`);
  }
  return /* @__PURE__ */ jsxs("form", { className: "search-form", role: "search", action: "/search", method: "get", onSubmit: submit, children: [
    /* @__PURE__ */ jsx("label", { htmlFor: "header-search", className: "visually-hidden", children: "搜索" }),
    /* @__PURE__ */ jsx(
      "input",
      {
        id: "header-search",
        className: "search-input",
        type: "search",
        name: "query",
        placeholder: "搜索文章、标签、用户",
        maxLength: LIMITS.searchMax,
        value,
        onChange: (event) => setValue(event.target.value),
        autoComplete: "off"
      }
    ),
    /* @__PURE__ */ jsx("button", { type: "submit", className: "search-button", "aria-label": "搜索", children: /* @__PURE__ */ jsxs("svg", { viewBox: "0 0 24 24", width: "16", height: "16", "aria-hidden": "true", children: [
      /* @__PURE__ */ jsx("circle", { cx: "11", cy: "11", r: "7", fill: "none", stroke: "currentColor", strokeWidth: "2" }),
      /* @__PURE__ */ jsx("path", { d: "M16.5 16.5L21 21", stroke: "currentColor", strokeWidth: "2", strokeLinecap: "round" })
    ] }) })
  ] });
}
function GuestActions() {
  const { openAuth } = useShell();
  return /* @__PURE__ */ jsxs(Fragment, { children: [
    /* @__PURE__ */ jsx(
      Dropdown,
      {
        kind: "panel",
        className: "write-panel",
        buttonClassName: "btn btn-text write-toggle",
        label: /* @__PURE__ */ jsxs(Fragment, { children: [
          "写文章",
          /* @__PURE__ */ jsx("span", { className: "caret", "aria-hidden": "true" })
        ] }),
        children: (close) => /* @__PURE__ */ jsxs("div", { className: "write-panel-body", children: [
          /* @__PURE__ */ jsx("p", { className: "write-panel-lead", children: "与超过 300 万开发者分享你的经验和观点" }),
          /* @__PURE__ */ jsxs("ul", { className: "write-panel-points", children: [
            /* @__PURE__ */ jsxs("li", { children: [
              /* @__PURE__ */ jsx("strong", { children: "编辑推荐" }),
              /* @__PURE__ */ jsx("span", { children: "优质文章会被编辑推荐，获得更多读者" })
            ] }),
            /* @__PURE__ */ jsxs("li", { children: [
              /* @__PURE__ */ jsx("strong", { children: "加入专栏作者群" }),
              /* @__PURE__ */ jsx("span", { children: "与优秀的作者交流写作心得" })
            ] })
          ] }),
          /* @__PURE__ */ jsx(
            "button",
            {
              type: "button",
              className: "btn btn-primary btn-block",
              onClick: () => {
                close();
                openAuth("register");
              },
              children: "开始写文章"
            }
          )
        ] })
      }
    ),
    /* @__PURE__ */ jsxs("div", { className: "auth-links", children: [
      /* @__PURE__ */ jsx("button", { type: "button", className: "btn btn-text login-button", onClick: () => openAuth("login"), children: "登录" }),
      /* @__PURE__ */ jsx("span", { className: "auth-links-sep", "aria-hidden": "true", children: "·" }),
      /* @__PURE__ */ jsx("button", { type: "button", className: "btn btn-text register-button", onClick: () => openAuth("register"), children: "注册" })
    ] })
  ] });
}
function ViewerActions({ viewer, unreadCount }) {
  const { alert } = useShell();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const author = viewer.isXiaoceAuthor;
  return /* @__PURE__ */ jsxs(Fragment, { children: [
    /* @__PURE__ */ jsx(
      Dropdown,
      {
        className: "plus-menu",
        buttonClassName: "icon-button plus-button",
        ariaLabel: "创作",
        label: /* @__PURE__ */ jsx("svg", { viewBox: "0 0 24 24", width: "18", height: "18", "aria-hidden": "true", children: /* @__PURE__ */ jsx("path", { d: "M12 5v14M5 12h14", stroke: "currentColor", strokeWidth: "2.2", strokeLinecap: "round" }) }),
        children: () => /* @__PURE__ */ jsxs(Fragment, { children: [
          /* @__PURE__ */ jsx(Link, { to: "/new-entry", role: "menuitem", className: "menu-item", children: "分享链接" }),
          /* @__PURE__ */ jsx(Link, { to: "/editor/drafts/new", role: "menuitem", className: "menu-item", children: "写文章" }),
          author ? /* @__PURE__ */ jsx(Link, { to: "/editor/book/new/section", role: "menuitem", className: "menu-item", children: "写小册" }) : null
        ] })
      }
    ),
    /* @__PURE__ */ jsxs(
      Link,
      {
        to: "/notification",
        className: "icon-button bell",
        "aria-label": unreadCount > 0 ? `消息通知，${unreadCount} 条未读` : "消息通知",
        children: [
          /* @__PURE__ */ jsx("svg", { viewBox: "0 0 24 24", width: "20", height: "20", "aria-hidden": "true", children: /* @__PURE__ */ jsx(
            "path",
            {
              d: "M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0",
              fill: "none",
              stroke: "currentColor",
              strokeWidth: "1.8",
              strokeLinejoin: "round"
            }
          ) }),
          unreadCount > 0 ? /* @__PURE__ */ jsx("span", { className: "badge", children: formatCount(unreadCount) }) : null
        ]
      }
    ),
    /* @__PURE__ */ jsx(
      Dropdown,
      {
        className: "avatar-menu",
        buttonClassName: "avatar-button",
        ariaLabel: `${viewer.username}的菜单`,
        label: /* @__PURE__ */ jsx(Avatar, { user: viewer, size: 32 }),
        children: () => /* @__PURE__ */ jsxs(Fragment, { children: [
          /* @__PURE__ */ jsxs("div", { className: "menu-group", children: [
            /* @__PURE__ */ jsx(Link, { to: "/editor/drafts/new", role: "menuitem", className: "menu-item", children: "写文章" }),
            author ? /* @__PURE__ */ jsx(Link, { to: "/editor/book/new/section", role: "menuitem", className: "menu-item", children: "写小册" }) : null,
            /* @__PURE__ */ jsx(Link, { to: "/editor/drafts", role: "menuitem", className: "menu-item", children: "草稿" })
          ] }),
          /* @__PURE__ */ jsxs("div", { className: "menu-group", children: [
            /* @__PURE__ */ jsx(Link, { to: `/user/${viewer.id}`, role: "menuitem", className: "menu-item", children: "我的主页" }),
            /* @__PURE__ */ jsx(Link, { to: `/user/${viewer.id}/like`, role: "menuitem", className: "menu-item", children: "我赞过的" }),
            /* @__PURE__ */ jsx(Link, { to: `/user/${viewer.id}/collection`, role: "menuitem", className: "menu-item", children: "我的收藏集" }),
            author ? /* @__PURE__ */ jsx(Link, { to: `/user/${viewer.id}/bought`, role: "menuitem", className: "menu-item", children: "已购" }) : null,
            viewer.hasWalletAccess ? /* @__PURE__ */ jsx(Link, { to: "/user/wallet", role: "menuitem", className: "menu-item", children: "钱包" }) : null,
            /* @__PURE__ */ jsx(Link, { to: "/subscribe", role: "menuitem", className: "menu-item", children: "标签管理" })
          ] }),
          /* @__PURE__ */ jsxs("div", { className: "menu-group", children: [
            /* @__PURE__ */ jsx(Link, { to: "/user/settings", role: "menuitem", className: "menu-item", children: "设置" }),
            /* @__PURE__ */ jsx(MoreSubmenu, {})
          ] }),
          /* @__PURE__ */ jsx("div", { className: "menu-group", children: /* @__PURE__ */ jsx(
            "button",
            {
              type: "button",
              role: "menuitem",
              className: "menu-item",
              onClick: () => setConfirmLogout(true),
              children: "登出"
            }
          ) })
        ] })
      }
    ),
    /* @__PURE__ */ jsx(
      LogoutDialog,
      {
        open: confirmLogout,
        onCancel: () => setConfirmLogout(false),
        onFailed: (message) => {
          setConfirmLogout(false);
          alert(message, "error");
        }
      }
    )
  ] });
}
function MoreSubmenu() {
  const [open, setOpen] = useState(false);
  return /* @__PURE__ */ jsxs(Fragment, { children: [
    /* @__PURE__ */ jsxs(
      "button",
      {
        type: "button",
        role: "menuitem",
        className: "menu-item menu-more",
        "aria-haspopup": "menu",
        "aria-expanded": open,
        onClick: () => setOpen((v) => !v),
        onKeyDown: (event) => {
          if (event.key === "ArrowRight") setOpen(true);
          if (event.key === "ArrowLeft") setOpen(false);
        },
        children: [
          "更多",
          /* @__PURE__ */ jsx("span", { className: open ? "caret up" : "caret", "aria-hidden": "true" })
        ]
      }
    ),
    open ? /* @__PURE__ */ jsxs("div", { role: "menu", "aria-label": "更多", className: "submenu", children: [
      /* @__PURE__ */ jsx(Link, { to: "/app", role: "menuitem", className: "menu-item", children: "下载应用" }),
      /* @__PURE__ */ jsx(Link, { to: "/about", role: "menuitem", className: "menu-item", children: "关于" }),
      /* @__PURE__ */ jsx(Link, { to: "/about#join", role: "menuitem", className: "menu-item", children: "加入我们" }),
      /* @__PURE__ */ jsx(Link, { to: "/about#translation", role: "menuitem", className: "menu-item", children: "翻译计划" }),
      /* @__PURE__ */ jsx(Link, { to: "/about#partners", role: "menuitem", className: "menu-item", children: "合作伙伴" })
    ] }) : null
  ] });
}
const DELAY_MS = 1e3;
function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return visible ? /* @__PURE__ */ jsx("div", { className: "progress-bar", role: "progressbar", "aria-label": "页面加载中" }) : null;
}
const BACK_TO_TOP_AT = 800;
const SCROLL_THROTTLE_MS = 100;
function SuspensionPanel({ devOutbox }) {
  const [showTop, setShowTop] = useState(false);
  useThrottledScroll((y) => setShowTop(y > BACK_TO_TOP_AT), SCROLL_THROTTLE_MS);
  return /* @__PURE__ */ jsxs("div", { className: "suspension-panel", children: [
    devOutbox ? /* @__PURE__ */ jsxs("a", { className: "suspension-button dev-outbox", href: "/dev/outbox", title: "开发收件箱（短信与邮件）", children: [
      /* @__PURE__ */ jsx("span", { "aria-hidden": "true", children: "✉" }),
      /* @__PURE__ */ jsx("span", { className: "visually-hidden", children: "开发收件箱" })
    ] }) : null,
    showTop ? /* @__PURE__ */ jsx(
      "button",
      {
        type: "button",
        className: "suspension-button",
        "aria-label": "回到顶部",
        title: "回到顶部",
        onClick: () => window.scrollTo({ top: 0, behavior: "smooth" }),
        children: /* @__PURE__ */ jsx("svg", { viewBox: "0 0 24 24", width: "20", height: "20", "aria-hidden": "true", children: /* @__PURE__ */ jsx("path", { d: "M12 5l-7 7h4v7h6v-7h4z", fill: "currentColor" }) })
      }
    ) : null
  ] });
}
const ALERT_MS = 3e3;
function AppShell({ children }) {
  const { viewer, siteName, csrfToken: csrfToken2, devOutbox, unreadCount } = useRootData();
  const revalidator = useRevalidator();
  const [authPanel, setAuthPanel] = useState(null);
  const [quickLogin, setQuickLogin] = useState(false);
  const [alerts, setAlerts] = useState([]);
  const nextAlertId = useRef(1);
  const timers = useRef(/* @__PURE__ */ new Map());
  useEffect(() => setCsrfToken(csrfToken2), [csrfToken2]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const dismiss = useCallback((id) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setAlerts((list) => list.filter((item) => item.id !== id));
  }, []);
  const alert = useCallback(
    (message, type = "info", duration = ALERT_MS) => {
      const id = nextAlertId.current++;
      setAlerts((list) => [...list, { id, message, type }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration)
      );
    },
    [dismiss]
  );
  const { revalidate } = revalidator;
  const refreshSession = useCallback(() => {
    void revalidate();
  }, [revalidate]);
  const openAuth = useCallback((panel = "login") => {
    setQuickLogin(false);
    setAuthPanel(panel);
  }, []);
  const openQuickLogin = useCallback(() => {
    setAuthPanel(null);
    setQuickLogin(true);
  }, []);
  const closeAuth = useCallback(() => {
    setAuthPanel(null);
    setQuickLogin(false);
  }, []);
  const requireLogin = useCallback(() => {
    if (viewer) return true;
    openQuickLogin();
    return false;
  }, [viewer, openQuickLogin]);
  const api2 = useMemo(
    () => ({ viewer, siteName, openAuth, openQuickLogin, closeAuth, requireLogin, alert, refreshSession }),
    [viewer, siteName, openAuth, openQuickLogin, closeAuth, requireLogin, alert, refreshSession]
  );
  const onAuthenticated = (result, how) => {
    closeAuth();
    alert(how === "register" ? `注册成功，欢迎你，${result.user.username}` : "登录成功", "success");
    refreshSession();
  };
  return /* @__PURE__ */ jsxs(ShellContext.Provider, { value: api2, children: [
    /* @__PURE__ */ jsx("a", { className: "skip-link", href: "#main", children: "跳到主要内容" }),
    /* @__PURE__ */ jsx(ProgressBar, {}),
    /* @__PURE__ */ jsx(Header, { unreadCount }),
    /* @__PURE__ */ jsx("main", { id: "main", className: "site-main", tabIndex: -1, children }),
    /* @__PURE__ */ jsx(
      AuthModal,
      {
        panel: authPanel,
        onPanelChange: setAuthPanel,
        onClose: closeAuth,
        onSuccess: onAuthenticated,
        onError: (message) => alert(message, "error"),
        onNotice: (message) => alert(message, "success")
      }
    ),
    /* @__PURE__ */ jsx(
      QuickLoginModal,
      {
        open: quickLogin,
        onClose: closeAuth,
        onSuccess: (result) => onAuthenticated(result, "login"),
        onError: (message) => alert(message, "error"),
        onRegister: () => openAuth("register")
      }
    ),
    /* @__PURE__ */ jsx(AlertList, { alerts, onDismiss: dismiss }),
    /* @__PURE__ */ jsx(SuspensionPanel, { devOutbox })
  ] });
}
function NotFoundView({ message }) {
  return /* @__PURE__ */ jsxs("section", { className: "error-view", "aria-labelledby": "error-title", children: [
    /* @__PURE__ */ jsx("p", { className: "error-code", "aria-hidden": "true", children: "404" }),
    /* @__PURE__ */ jsx("h1", { id: "error-title", className: "error-title", children: message || "页面不存在" }),
    /* @__PURE__ */ jsx("p", { className: "error-text", children: "你访问的页面不存在或已被删除，请检查链接是否正确。" }),
    /* @__PURE__ */ jsx(Link, { to: "/", className: "btn btn-primary", children: "返回首页" })
  ] });
}
function UnauthorizedView() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/", { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [navigate]);
  return /* @__PURE__ */ jsxs("section", { className: "error-view", "aria-labelledby": "error-title", children: [
    /* @__PURE__ */ jsx("p", { className: "error-code", "aria-hidden": "true", children: "401" }),
    /* @__PURE__ */ jsx("h1", { id: "error-title", className: "error-title", children: "请先登录" }),
    /* @__PURE__ */ jsx("p", { className: "error-text", children: "该页面需要登录后访问，正在返回首页…" }),
    /* @__PURE__ */ jsx(Link, { to: "/", className: "btn btn-primary", children: "返回首页" })
  ] });
}
function ErrorView({ status, detail }) {
  return /* @__PURE__ */ jsxs("section", { className: "error-view", "aria-labelledby": "error-title", children: [
    /* @__PURE__ */ jsx("p", { className: "error-code", "aria-hidden": "true", children: status && status >= 400 ? status : "500" }),
    /* @__PURE__ */ jsx("h1", { id: "error-title", className: "error-title", children: "出错了" }),
    /* @__PURE__ */ jsx("p", { className: "error-text", children: "页面发生了错误，请稍后刷新重试。" }),
    detail ? /* @__PURE__ */ jsx("pre", { className: "error-detail", children: detail }) : null,
    /* @__PURE__ */ jsxs("div", { className: "error-actions", children: [
      /* @__PURE__ */ jsx("button", { type: "button", className: "btn", onClick: () => window.location.reload(), children: "刷新页面" }),
      /* @__PURE__ */ jsx(Link, { to: "/", className: "btn btn-primary", children: "返回首页" })
    ] })
  ] });
}
const stylesheet = "/assets/app-CSRZUqM2.css";
const FAVICON = "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 28"><g fill="#1e80ff"><path d="M18 0l5 4-5 4-5-4z"/><path d="M18 12l9-7 4 3-13 10L5 8l4-3z"/><path d="M18 22l14-11 4 3-18 14L0 14l4-3z"/></g></svg>');
const links$3 = () => [{
  rel: "icon",
  href: FAVICON,
  type: "image/svg+xml"
}, {
  rel: "stylesheet",
  href: stylesheet
}];
function loader$H({
  context
}) {
  return {
    viewer: context.viewer,
    siteName: context.siteName,
    csrfToken: context.csrfToken,
    devOutbox: context.devOutbox,
    // Filled in once notifications exist; the title helper and the bell already read it.
    unreadCount: 0
  };
}
function headers({
  errorHeaders,
  loaderHeaders
}) {
  return errorHeaders ?? loaderHeaders;
}
function meta$E({
  matches,
  error
}) {
  const {
    siteName
  } = rootMeta(matches);
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const title = status === 404 ? "页面不存在" : status === 401 ? "请先登录" : "出错了";
    return titleMeta(matches, title);
  }
  return titleMeta(matches, `${siteName} - 一个帮助开发者成长的社区`, {
    noTemplate: true
  });
}
function Layout({
  children
}) {
  const nonce = useNonce();
  return /* @__PURE__ */ jsxs("html", {
    lang: "zh-CN",
    children: [/* @__PURE__ */ jsxs("head", {
      children: [/* @__PURE__ */ jsx("meta", {
        charSet: "utf-8"
      }), /* @__PURE__ */ jsx("meta", {
        name: "viewport",
        content: "width=device-width, initial-scale=1"
      }), /* @__PURE__ */ jsx("meta", {
        name: "theme-color",
        content: "#1e80ff"
      }), /* @__PURE__ */ jsx(Meta, {}), /* @__PURE__ */ jsx(Links, {})]
    }), /* @__PURE__ */ jsxs("body", {
      children: [/* @__PURE__ */ jsx(AppShell, {
        children
      }), /* @__PURE__ */ jsx(ScrollRestoration, {
        nonce
      }), /* @__PURE__ */ jsx(Scripts, {
        nonce
      })]
    })]
  });
}
const root = UNSAFE_withComponentProps(function App() {
  return /* @__PURE__ */ jsx(Outlet, {});
});
const ErrorBoundary$2 = UNSAFE_withErrorBoundaryProps(function ErrorBoundary2({
  error
}) {
  if (isRouteErrorResponse(error)) {
    const message = error.data?.message;
    if (error.status === 404) return /* @__PURE__ */ jsx(NotFoundView, {
      message
    });
    if (error.status === 401) return /* @__PURE__ */ jsx(UnauthorizedView, {});
    return /* @__PURE__ */ jsx(ErrorView, {
      status: error.status
    });
  }
  const detail = void 0;
  return /* @__PURE__ */ jsx(ErrorView, {
    detail
  });
});
const route0 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  ErrorBoundary: ErrorBoundary$2,
  Layout,
  default: root,
  headers,
  links: links$3,
  loader: loader$H,
  meta: meta$E
}, Symbol.toStringTag, { value: "Module" }));
function TwoColumn({ children, aside }) {
  return /* @__PURE__ */ jsxs("div", { className: "container two-column", children: [
    /* @__PURE__ */ jsx("div", { className: "main-column", children }),
    aside ? /* @__PURE__ */ jsx("aside", { className: "side-column", children: aside }) : null
  ] });
}
function PageSection({
  title,
  children,
  actions,
  narrow
}) {
  return /* @__PURE__ */ jsx("div", { className: narrow ? "container narrow" : "container", children: /* @__PURE__ */ jsxs("section", { className: "panel", children: [
    /* @__PURE__ */ jsxs("header", { className: "panel-header", children: [
      /* @__PURE__ */ jsx("h1", { className: "panel-title", children: title }),
      actions
    ] }),
    children
  ] }) });
}
function CategoryNav({ categories: categories2, hrefFor, active, label = "分类" }) {
  return /* @__PURE__ */ jsx("nav", { className: "category-nav", "aria-label": label, children: /* @__PURE__ */ jsx("ul", { className: "category-list", children: categories2.map((category) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(
    Link,
    {
      to: hrefFor(category.slug),
      className: category.slug === active ? "category-link active" : "category-link",
      "aria-current": category.slug === active ? "page" : void 0,
      children: category.title
    }
  ) }, category.slug)) }) });
}
function EmptyState({ title = "暂无内容", description, children }) {
  return /* @__PURE__ */ jsxs("div", { className: "empty-state", children: [
    /* @__PURE__ */ jsxs("svg", { className: "empty-icon", viewBox: "0 0 64 48", "aria-hidden": "true", children: [
      /* @__PURE__ */ jsx("rect", { x: "6", y: "10", width: "52", height: "34", rx: "4", fill: "#e5e9ef" }),
      /* @__PURE__ */ jsx("rect", { x: "12", y: "4", width: "40", height: "8", rx: "3", fill: "#d3dae3" }),
      /* @__PURE__ */ jsx("rect", { x: "14", y: "20", width: "26", height: "4", rx: "2", fill: "#fff" }),
      /* @__PURE__ */ jsx("rect", { x: "14", y: "29", width: "36", height: "4", rx: "2", fill: "#fff" })
    ] }),
    /* @__PURE__ */ jsx("p", { className: "empty-title", children: title }),
    description ? /* @__PURE__ */ jsx("p", { className: "empty-description", children: description }) : null,
    children
  ] });
}
function useOptimisticToggle(server, send, onError) {
  const [state, setState] = useState(server);
  const [seen, setSeen] = useState(server);
  if (seen.on !== server.on || seen.count !== server.count) {
    setSeen(server);
    setState(server);
  }
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const toggle = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const before = state;
    setState({ on: !before.on, count: Math.max(0, before.count + (before.on ? -1 : 1)) });
    try {
      setState(await send(!before.on));
    } catch (error) {
      setState(before);
      onError(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [state, send, onError]);
  return { ...state, busy, toggle };
}
function LikeButton({ entryId, liked, count, className }) {
  const { requireLogin, alert } = useShell();
  const send = useCallback(
    async (on) => {
      const url = `/api/user/like/entry/${entryId}`;
      const state = on ? await api.put(url) : await api.del(url);
      return { on: state.liked, count: state.collectionCount };
    },
    [entryId]
  );
  const onError = useCallback(
    (error) => alert(errorMessage(error, "点赞失败，请稍后重试"), "error"),
    [alert]
  );
  const like = useOptimisticToggle({ on: liked, count }, send, onError);
  return /* @__PURE__ */ jsxs(
    "button",
    {
      type: "button",
      className: ["like-button", like.on ? "liked" : "", className ?? ""].filter(Boolean).join(" "),
      "aria-pressed": like.on,
      "aria-busy": like.busy || void 0,
      "aria-label": `赞，${like.count} 个赞`,
      title: like.on ? "取消点赞" : "点赞",
      onClick: () => {
        if (requireLogin()) void like.toggle();
      },
      children: [
        /* @__PURE__ */ jsx(ThumbIcon, { filled: like.on }),
        /* @__PURE__ */ jsx("span", { children: formatCount(like.count) })
      ]
    }
  );
}
function ThumbIcon({ filled }) {
  return /* @__PURE__ */ jsx("svg", { width: "14", height: "14", viewBox: "0 0 16 16", "aria-hidden": "true", className: "icon", children: /* @__PURE__ */ jsx(
    "path",
    {
      fill: filled ? "currentColor" : "none",
      stroke: "currentColor",
      strokeWidth: filled ? 0 : 1.3,
      strokeLinejoin: "round",
      d: "M5.2 14.5H2.6c-.6 0-1.1-.5-1.1-1.1V7.2c0-.6.5-1.1 1.1-1.1h2.6v8.4zm1.3 0V6l2.7-4.1c.3-.5.9-.6 1.4-.4.8.4 1.2 1.3 1 2.2L11 6.1h2.4c.9 0 1.6.9 1.4 1.8l-1.2 5.5c-.2.7-.8 1.1-1.5 1.1H6.5z"
    }
  ) });
}
function entryHref(entry2) {
  if (entry2.type === "post") return `/post/${entry2.id}`;
  return `/entry/${entry2.id}`;
}
function EntryList({ entries: entries2, emptyTitle = "暂无内容", emptyDescription, now }) {
  if (entries2.length === 0) return /* @__PURE__ */ jsx(EmptyState, { title: emptyTitle, description: emptyDescription });
  return /* @__PURE__ */ jsx("ul", { className: "entry-list", children: entries2.map((entry2) => /* @__PURE__ */ jsxs("li", { className: "entry-item", children: [
    /* @__PURE__ */ jsxs("div", { className: "entry-meta", children: [
      entry2.hot ? /* @__PURE__ */ jsx("span", { className: "entry-hot", children: "热" }) : null,
      /* @__PURE__ */ jsx(Link, { to: `/user/${entry2.user.id}`, className: "entry-author", children: entry2.user.username }),
      /* @__PURE__ */ jsx("span", { className: "dot", "aria-hidden": "true", children: "·" }),
      /* @__PURE__ */ jsx("time", { dateTime: entry2.createdAt, children: relativeTime(entry2.createdAt, now) }),
      entry2.tags && entry2.tags.length > 0 ? /* @__PURE__ */ jsxs(Fragment, { children: [
        /* @__PURE__ */ jsx("span", { className: "dot", "aria-hidden": "true", children: "·" }),
        /* @__PURE__ */ jsx("span", { className: "entry-tags", children: entry2.tags.slice(0, 2).map((tag2) => /* @__PURE__ */ jsx(Link, { to: `/tag/${encodeURIComponent(tag2.title)}`, className: "entry-tag", children: tag2.title }, tag2.id)) })
      ] }) : null
    ] }),
    /* @__PURE__ */ jsxs("div", { className: "entry-body", children: [
      /* @__PURE__ */ jsxs("div", { className: "entry-text", children: [
        /* @__PURE__ */ jsx("h2", { className: "entry-title", children: /* @__PURE__ */ jsx(Link, { to: entryHref(entry2), children: entry2.title }) }),
        entry2.abstract ? /* @__PURE__ */ jsx("p", { className: "entry-abstract", children: entry2.abstract }) : null,
        /* @__PURE__ */ jsxs("div", { className: "entry-stats", children: [
          /* @__PURE__ */ jsx(
            LikeButton,
            {
              entryId: entry2.id,
              liked: !!entry2.liked,
              count: entry2.collectionCount,
              className: "entry-stat"
            }
          ),
          /* @__PURE__ */ jsxs("span", { className: "entry-stat", "aria-label": `${entry2.commentsCount} 条评论`, children: [
            /* @__PURE__ */ jsx(CommentIcon, {}),
            " ",
            formatCount(entry2.commentsCount)
          ] })
        ] })
      ] }),
      entry2.screenshot ? /* @__PURE__ */ jsx(
        "img",
        {
          className: "entry-thumb",
          src: entry2.screenshot,
          alt: "",
          loading: "lazy",
          decoding: "async",
          width: 120,
          height: 80
        }
      ) : null
    ] })
  ] }, entry2.id)) });
}
function CommentIcon() {
  return /* @__PURE__ */ jsx("svg", { width: "14", height: "14", viewBox: "0 0 16 16", "aria-hidden": "true", className: "icon", children: /* @__PURE__ */ jsx(
    "path",
    {
      fill: "none",
      stroke: "currentColor",
      strokeWidth: "1.4",
      strokeLinejoin: "round",
      d: "M2.5 3.2c0-.6.5-1.1 1.1-1.1h8.8c.6 0 1.1.5 1.1 1.1v6.6c0 .6-.5 1.1-1.1 1.1H7.2L4.3 13.4v-2.5h-.7c-.6 0-1.1-.5-1.1-1.1V3.2z"
    }
  ) });
}
function SortTabs({ sorts, active, hrefFor }) {
  return /* @__PURE__ */ jsx("nav", { className: "sort-tabs", "aria-label": "排序", children: sorts.map((sort) => /* @__PURE__ */ jsx(
    Link,
    {
      to: hrefFor(sort.value),
      className: sort.value === active ? "sort-tab active" : "sort-tab",
      "aria-current": sort.value === active ? "true" : void 0,
      preventScrollReset: true,
      children: sort.title
    },
    sort.value
  )) });
}
function FeedPage(props) {
  return /* @__PURE__ */ jsxs(Fragment, { children: [
    /* @__PURE__ */ jsx(CategoryNav, { categories: props.categories, hrefFor: props.categoryHref, active: props.category }),
    /* @__PURE__ */ jsxs(TwoColumn, { aside: props.aside, children: [
      /* @__PURE__ */ jsx("h1", { className: "visually-hidden", children: props.heading }),
      /* @__PURE__ */ jsxs("section", { className: "list-card", children: [
        /* @__PURE__ */ jsx("header", { className: "list-header", children: /* @__PURE__ */ jsx(SortTabs, { sorts: props.sorts, active: props.sort, hrefFor: props.sortHref }) }),
        props.intro,
        /* @__PURE__ */ jsx(
          EntryList,
          {
            entries: props.entries,
            now: props.now,
            emptyTitle: props.emptyTitle,
            emptyDescription: props.emptyDescription
          }
        ),
        (props.nextHref || props.firstHref) && /* @__PURE__ */ jsxs("nav", { className: "list-pager", "aria-label": "翻页", children: [
          props.firstHref ? /* @__PURE__ */ jsx(Link, { to: props.firstHref, children: "回到第一页" }) : /* @__PURE__ */ jsx("span", {}),
          props.nextHref ? /* @__PURE__ */ jsx(Link, { to: props.nextHref, rel: "next", children: "下一页" }) : /* @__PURE__ */ jsx("span", { className: "list-pager-end", children: "没有更多了" })
        ] })
      ] })
    ] })
  ] });
}
function sortHref(pathname, defaultSort) {
  return (sort) => sort === defaultSort ? pathname : `${pathname}?sort=${encodeURIComponent(sort)}`;
}
function SidebarCard({
  title,
  children,
  more
}) {
  return /* @__PURE__ */ jsxs("section", { className: "sidebar-card", "aria-label": title, children: [
    /* @__PURE__ */ jsxs("header", { className: "sidebar-card-header", children: [
      /* @__PURE__ */ jsx("h2", { className: "sidebar-card-title", children: title }),
      more
    ] }),
    /* @__PURE__ */ jsx("div", { className: "sidebar-card-body", children })
  ] });
}
function TagCloudCard({ tags: tags2, title = "热门标签" }) {
  return /* @__PURE__ */ jsx(
    SidebarCard,
    {
      title,
      more: /* @__PURE__ */ jsx(Link, { to: "/subscribe/all", className: "sidebar-more", children: "全部标签" }),
      children: tags2.length === 0 ? /* @__PURE__ */ jsx("p", { className: "sidebar-empty", children: "暂无标签" }) : /* @__PURE__ */ jsx("ul", { className: "tag-cloud", children: tags2.map((tag2) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(Link, { to: `/tag/${encodeURIComponent(tag2.title)}`, className: "tag-chip", children: tag2.title }) }, tag2.id)) })
    }
  );
}
function AuthorListCard({ authors, title = "作者榜" }) {
  return /* @__PURE__ */ jsx(SidebarCard, { title, children: authors.length === 0 ? /* @__PURE__ */ jsx("p", { className: "sidebar-empty", children: "暂无推荐作者" }) : /* @__PURE__ */ jsx("ul", { className: "author-list", children: authors.map((author) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsxs(Link, { to: `/user/${author.id}`, className: "author-link", children: [
    /* @__PURE__ */ jsx(Avatar, { user: author, size: 40 }),
    /* @__PURE__ */ jsxs("span", { className: "author-text", children: [
      /* @__PURE__ */ jsx("span", { className: "author-name", children: author.username }),
      author.jobTitle ? /* @__PURE__ */ jsx("span", { className: "author-job", children: author.jobTitle }) : null
    ] })
  ] }) }, author.id)) }) });
}
function AppCard({ siteName }) {
  return /* @__PURE__ */ jsx("section", { className: "sidebar-card app-card", "aria-label": "下载应用", children: /* @__PURE__ */ jsxs(Link, { to: "/app", className: "app-card-link", children: [
    /* @__PURE__ */ jsx("span", { className: "app-card-icon", "aria-hidden": "true", children: "◆" }),
    /* @__PURE__ */ jsxs("span", { children: [
      /* @__PURE__ */ jsxs("strong", { children: [
        "下载 ",
        siteName,
        " App"
      ] }),
      /* @__PURE__ */ jsx("span", { className: "app-card-sub", children: "一个帮助开发者成长的社区" })
    ] })
  ] }) });
}
function SidebarFooter({ siteName }) {
  return /* @__PURE__ */ jsxs("footer", { className: "sidebar-footer", children: [
    /* @__PURE__ */ jsxs("nav", { "aria-label": "关于", children: [
      /* @__PURE__ */ jsx(Link, { to: "/about", children: "关于" }),
      /* @__PURE__ */ jsx(Link, { to: "/about#join", children: "加入我们" }),
      /* @__PURE__ */ jsx(Link, { to: "/about#partners", children: "合作伙伴" }),
      /* @__PURE__ */ jsx(Link, { to: "/app", children: "下载应用" })
    ] }),
    /* @__PURE__ */ jsxs("p", { children: [
      "© ",
      (/* @__PURE__ */ new Date()).getFullYear(),
      " ",
      siteName
    ] })
  ] });
}
const ALL_CATEGORY = { slug: "all", title: "推荐" };
const SUBSCRIBE_CATEGORY = { slug: "subscribe", title: "关注" };
const CATEGORIES = [
  { slug: "android", title: "安卓" },
  { slug: "frontend", title: "前端" },
  { slug: "ios", title: "iOS" },
  { slug: "backend", title: "后端" },
  { slug: "design", title: "设计" },
  { slug: "product", title: "产品" },
  { slug: "freebie", title: "工具资源" },
  { slug: "article", title: "阅读" },
  { slug: "ai", title: "人工智能" }
];
const BROWSE_CATEGORIES = [ALL_CATEGORY, ...CATEGORIES];
const TIMELINE_CATEGORIES = [SUBSCRIBE_CATEGORY, ...BROWSE_CATEGORIES];
function findCategory(list, slug) {
  return list.find((c) => c.slug === slug);
}
const ENTRY_SORTS = [
  { value: "popular", title: "热门" },
  { value: "newest", title: "最新" },
  { value: "hottest", title: "热榜" }
];
function parseSort(value, allowed, fallback) {
  return value && allowed.includes(value) ? value : fallback;
}
function isAppError(err) {
  return err instanceof Error && err.name === "AppError" && typeof err.code === "number";
}
randomBytes(5).toString("hex");
randomBytes(3).readUIntBE(0, 3);
const ROUTE_ID = /^[0-9a-zA-Z]{24}$/;
function isRouteId(id) {
  return typeof id === "string" && ROUTE_ID.test(id);
}
function requireViewer(context) {
  if (context.viewer) return context.viewer;
  throw data({ message: "请先登录" }, { status: 401, headers: { Refresh: "0; url=/" } });
}
function redirectViewerToTimeline(context) {
  if (context.viewer) throw redirect("/timeline");
}
function notFound$1(message = "页面不存在") {
  throw data({ message }, { status: 404 });
}
function requireRouteId(id) {
  if (!isRouteId(id)) notFound$1();
  return id;
}
function optionalRouteId(id) {
  if (id === void 0 || id === "") return null;
  return requireRouteId(id);
}
async function loadFeed(context, opts) {
  try {
    const page = await context.services.entries.feed(
      { sort: opts.sort, category: opts.category, type: opts.type, pointer: opts.pointer ?? void 0 },
      context.caller
    );
    const query = (pointer) => `${opts.base}?sort=${encodeURIComponent(opts.sort)}&pointer=${encodeURIComponent(pointer)}`;
    return {
      entries: page.list,
      nextHref: page.canNext && page.pointer ? query(page.pointer) : null,
      firstHref: opts.pointer ? `${opts.base}?sort=${encodeURIComponent(opts.sort)}` : null
    };
  } catch (err) {
    if (isAppError(err) && err.code < 500) notFound$1();
    throw err;
  }
}
async function loadSidebar(context) {
  const [tags2, authors] = await Promise.all([
    context.services.tags.list({ type: "hot", page: 1, pageSize: 12 }, context.caller),
    context.services.users.recommendedAuthors(5)
  ]);
  return { tags: tags2.list, authors };
}
const SORTS$6 = ENTRY_SORTS.map((s) => s.value);
async function loader$G({
  context,
  params,
  request: request2
}) {
  redirectViewerToTimeline(context);
  const slug = params.category ?? "all";
  const category = findCategory(BROWSE_CATEGORIES, slug);
  if (!category) notFound$1();
  const url = new URL(request2.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS$6, "popular");
  const feed = await loadFeed(context, {
    base: params.category ? `/welcome/${category.slug}` : "/",
    sort,
    category: category.slug,
    pointer: url.searchParams.get("pointer")
  });
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    ...feed,
    ...await loadSidebar(context),
    now: Date.now()
  };
}
function meta$D({
  matches,
  loaderData
}) {
  if (!loaderData || loaderData.category === "all") {
    const {
      siteName
    } = rootMeta(matches);
    return titleMeta(matches, `${siteName} - 一个帮助开发者成长的社区`, {
      noTemplate: true,
      description: "一个帮助开发者成长的社区，分享技术文章、开源项目与学习资源。"
    });
  }
  return titleMeta(matches, `${loaderData.categoryTitle} - 推荐`);
}
const welcome = UNSAFE_withComponentProps(function Welcome({
  loaderData
}) {
  const {
    pathname
  } = useLocation();
  const {
    openAuth,
    siteName
  } = useShell();
  return /* @__PURE__ */ jsx(FeedPage, {
    heading: `${loaderData.categoryTitle} · 文章推荐`,
    categories: BROWSE_CATEGORIES,
    category: loaderData.category,
    categoryHref: (slug) => `/welcome/${slug}`,
    sorts: ENTRY_SORTS,
    sort: loaderData.sort,
    sortHref: sortHref(pathname, "popular"),
    entries: loaderData.entries,
    nextHref: loaderData.nextHref,
    firstHref: loaderData.firstHref,
    now: loaderData.now,
    emptyDescription: "这里还没有文章，稍后再来看看吧",
    aside: /* @__PURE__ */ jsxs(Fragment, {
      children: [/* @__PURE__ */ jsxs(SidebarCard, {
        title: `欢迎来到 ${siteName}`,
        children: [/* @__PURE__ */ jsx("p", {
          className: "sidebar-text",
          children: "一个帮助开发者成长的社区。登录后可以关注标签、点赞、评论和收藏文章。"
        }), /* @__PURE__ */ jsxs("div", {
          className: "sidebar-actions",
          children: [/* @__PURE__ */ jsx("button", {
            type: "button",
            className: "btn btn-primary",
            onClick: () => openAuth("register"),
            children: "立即注册"
          }), /* @__PURE__ */ jsx("button", {
            type: "button",
            className: "btn",
            onClick: () => openAuth("login"),
            children: "登录"
          })]
        })]
      }), /* @__PURE__ */ jsx(TagCloudCard, {
        tags: loaderData.tags
      }), /* @__PURE__ */ jsx(AuthorListCard, {
        authors: loaderData.authors
      }), /* @__PURE__ */ jsx(AppCard, {
        siteName
      }), /* @__PURE__ */ jsx(SidebarFooter, {
        siteName
      })]
    })
  });
});
const route2 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: welcome,
  loader: loader$G,
  meta: meta$D
}, Symbol.toStringTag, { value: "Module" }));
function needsGettingStarted(viewer) {
  return viewer !== null && viewer.subscribedTagsCount === 0;
}
const SORTS$5 = ENTRY_SORTS.map((s) => s.value);
async function loader$F({
  context,
  params,
  request: request2
}) {
  const viewer = requireViewer(context);
  const category = findCategory(TIMELINE_CATEGORIES, params.category ?? "subscribe");
  if (!category) notFound$1();
  if (category.slug === "subscribe" && needsGettingStarted(viewer)) throw redirect("/getting-started");
  const url = new URL(request2.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS$5, "popular");
  const feed = category.slug === "subscribe" ? {
    entries: [],
    nextHref: null,
    firstHref: null
  } : await loadFeed(context, {
    base: `/timeline/${category.slug}`,
    sort,
    category: category.slug,
    pointer: url.searchParams.get("pointer")
  });
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    /** No subscribed tags yet: the 关注 feed points at getting-started instead (spec §4 new-user guide). */
    needsGuide: category.slug === "subscribe" && viewer.subscribedTagsCount === 0,
    ...feed,
    ...await loadSidebar(context),
    now: Date.now()
  };
}
function meta$C({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData ? `${loaderData.categoryTitle} - 首页` : "首页");
}
const timeline = UNSAFE_withComponentProps(function Timeline({
  loaderData
}) {
  const {
    pathname
  } = useLocation();
  const {
    siteName
  } = useShell();
  return /* @__PURE__ */ jsx(FeedPage, {
    heading: `${loaderData.categoryTitle} · 首页`,
    categories: TIMELINE_CATEGORIES,
    category: loaderData.category,
    categoryHref: (slug) => `/timeline/${slug}`,
    sorts: ENTRY_SORTS,
    sort: loaderData.sort,
    sortHref: sortHref(pathname, "popular"),
    entries: loaderData.entries,
    nextHref: loaderData.nextHref,
    firstHref: loaderData.firstHref,
    now: loaderData.now,
    emptyTitle: loaderData.needsGuide ? "你还没有关注任何标签" : "暂无内容",
    emptyDescription: loaderData.needsGuide ? "关注感兴趣的标签，这里就会出现相关的文章" : "这里还没有文章，稍后再来看看吧",
    intro: loaderData.needsGuide ? /* @__PURE__ */ jsxs("p", {
      className: "list-notice",
      children: [/* @__PURE__ */ jsx(Link, {
        to: "/getting-started",
        children: "选择感兴趣的标签"
      }), "，或者先看看", /* @__PURE__ */ jsx(Link, {
        to: "/timeline/all",
        children: "推荐"
      }), "。"]
    }) : null,
    aside: /* @__PURE__ */ jsxs(Fragment, {
      children: [/* @__PURE__ */ jsx(TagCloudCard, {
        tags: loaderData.tags,
        title: "推荐标签"
      }), /* @__PURE__ */ jsx(AuthorListCard, {
        authors: loaderData.authors,
        title: "推荐作者"
      }), /* @__PURE__ */ jsx(AppCard, {
        siteName
      }), /* @__PURE__ */ jsx(SidebarFooter, {
        siteName
      })]
    })
  });
});
const route3 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: timeline,
  loader: loader$F,
  meta: meta$C
}, Symbol.toStringTag, { value: "Module" }));
function tagListType(sort) {
  return sort === "hottest" ? "hot" : "new";
}
function pageParam(raw) {
  if (!raw || !/^\d{1,5}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 && n <= 1e4 ? n : 1;
}
function NumberedPager({
  page,
  prevHref,
  nextHref
}) {
  if (!prevHref && !nextHref) return null;
  return /* @__PURE__ */ jsxs("nav", { className: "list-pager tag-pager", "aria-label": "翻页", children: [
    prevHref ? /* @__PURE__ */ jsx(Link, { to: prevHref, rel: "prev", children: "上一页" }) : /* @__PURE__ */ jsx("span", {}),
    /* @__PURE__ */ jsxs("span", { className: "tag-pager-page", children: [
      "第 ",
      page,
      " 页"
    ] }),
    nextHref ? /* @__PURE__ */ jsx(Link, { to: nextHref, rel: "next", children: "下一页" }) : /* @__PURE__ */ jsx("span", { className: "list-pager-end", children: "没有更多了" })
  ] });
}
function useTagSubscription(tag2) {
  const { requireLogin, alert } = useShell();
  const send = useCallback(
    async (on) => {
      const url = `/api/tag/subscribe/${tag2.id}`;
      const state2 = on ? await api.put(url) : await api.del(url);
      return { on: state2.subscribed, count: state2.subscribersCount };
    },
    [tag2.id]
  );
  const onError = useCallback(
    (error) => alert(errorMessage(error, "关注失败，请稍后重试"), "error"),
    [alert]
  );
  const state = useOptimisticToggle({ on: !!tag2.subscribed, count: tag2.subscribersCount }, send, onError);
  const { toggle } = state;
  const guardedToggle = useCallback(() => {
    if (requireLogin()) void toggle();
  }, [requireLogin, toggle]);
  return { ...state, toggle: guardedToggle };
}
function SubscribeButton({ subscription, title }) {
  return /* @__PURE__ */ jsx(
    "button",
    {
      type: "button",
      className: subscription.on ? "btn subscribe-button subscribed" : "btn btn-primary subscribe-button",
      "aria-pressed": subscription.on,
      "aria-busy": subscription.busy || void 0,
      "aria-label": `关注标签 ${title}`,
      onClick: subscription.toggle,
      children: subscription.on ? "已关注" : "关注"
    }
  );
}
function TagIcon({ tag: tag2, size = 48 }) {
  if (tag2.icon) {
    return /* @__PURE__ */ jsx(
      "img",
      {
        className: "tag-icon-image",
        src: tag2.icon,
        alt: "",
        width: size,
        height: size,
        loading: "lazy",
        decoding: "async"
      }
    );
  }
  return /* @__PURE__ */ jsx(
    "span",
    {
      className: "tag-icon-letter",
      "aria-hidden": "true",
      style: { width: size, height: size, fontSize: Math.round(size * 0.45) },
      children: Array.from(tag2.title)[0]?.toUpperCase() ?? "#"
    }
  );
}
function tagHref(title) {
  return `/tag/${encodeURIComponent(title)}`;
}
function TagCard({ tag: tag2 }) {
  const subscription = useTagSubscription(tag2);
  return /* @__PURE__ */ jsxs("li", { className: "tag-card", children: [
    /* @__PURE__ */ jsxs(Link, { to: tagHref(tag2.title), className: "tag-card-link", children: [
      /* @__PURE__ */ jsx(TagIcon, { tag: tag2, size: 48 }),
      /* @__PURE__ */ jsx("span", { className: "tag-card-title", children: tag2.title })
    ] }),
    /* @__PURE__ */ jsxs("span", { className: "tag-card-meta", children: [
      formatCount(subscription.count),
      " 关注 · ",
      formatCount(tag2.entriesCount),
      " 文章"
    ] }),
    /* @__PURE__ */ jsx(SubscribeButton, { subscription, title: tag2.title })
  ] });
}
function TagCardGrid({ tags: tags2, label }) {
  return /* @__PURE__ */ jsx("ul", { className: "tag-card-grid", "aria-label": label, children: tags2.map((tag2) => /* @__PURE__ */ jsx(TagCard, { tag: tag2 }, tag2.id)) });
}
const PAGE_SIZE$2 = 20;
const ALL = {
  slug: "all",
  title: "全部"
};
const FILTERS = [ALL, ...CATEGORIES];
function guideHref(type, page) {
  const params = new URLSearchParams();
  if (type !== ALL.slug) params.set("type", type);
  if (page > 1) params.set("page", String(page));
  const text2 = params.toString();
  return text2 ? `/getting-started?${text2}` : "/getting-started";
}
async function loader$E({
  context,
  request: request2
}) {
  const viewer = requireViewer(context);
  const url = new URL(request2.url);
  const type = findCategory(FILTERS, url.searchParams.get("type") ?? ALL.slug)?.slug ?? ALL.slug;
  const page = pageParam(url.searchParams.get("page"));
  const result = await context.services.tags.suggest({
    type,
    page,
    pageSize: PAGE_SIZE$2
  }, context.caller);
  return {
    username: viewer.username,
    type,
    page,
    tags: result.list,
    prevHref: page > 1 ? guideHref(type, page - 1) : null,
    nextHref: result.canNext ? guideHref(type, page + 1) : null
  };
}
const meta$B = ({
  matches
}) => titleMeta(matches, "新手引导");
const gettingStarted = UNSAFE_withComponentProps(function GettingStarted({
  loaderData
}) {
  const {
    type,
    page,
    tags: tags2
  } = loaderData;
  return /* @__PURE__ */ jsxs(PageSection, {
    title: `欢迎你，${loaderData.username}`,
    actions: (
      // To 推荐, not 关注: with no tag followed yet, 关注 would send the reader straight back here.
      /* @__PURE__ */ jsx(Link, {
        to: "/timeline/all",
        className: "btn btn-primary",
        children: "进入首页"
      })
    ),
    children: [/* @__PURE__ */ jsx("p", {
      className: "panel-lead",
      children: "关注几个感兴趣的标签，首页「关注」里就会出现相关的文章。"
    }), /* @__PURE__ */ jsx("nav", {
      className: "tag-filter",
      "aria-label": "按分类筛选标签",
      children: FILTERS.map((c) => /* @__PURE__ */ jsx(Link, {
        to: guideHref(c.slug, 1),
        "aria-current": c.slug === type ? "true" : void 0,
        children: c.title
      }, c.slug))
    }), tags2.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
      title: page > 1 ? "没有更多标签了" : "这个分类暂无推荐标签",
      description: "换个分类看看，或者先去首页逛逛"
    }) : /* @__PURE__ */ jsx(TagCardGrid, {
      tags: tags2,
      label: "推荐关注的标签"
    }), /* @__PURE__ */ jsx(NumberedPager, {
      page,
      prevHref: loaderData.prevHref,
      nextHref: loaderData.nextHref
    })]
  });
});
const route4 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: gettingStarted,
  loader: loader$E,
  meta: meta$B
}, Symbol.toStringTag, { value: "Module" }));
function loader$D({
  request: request2
}) {
  const url = new URL(request2.url);
  const account2 = (url.searchParams.get("account") ?? "").slice(0, LIMITS.accountInputMax);
  const type = url.searchParams.get("type");
  const method = type === "email" || type === "phone" ? type : account2 && !isPhone(account2) ? "email" : "phone";
  return {
    method,
    account: account2,
    msg: (url.searchParams.get("msg") ?? "").slice(0, 200)
  };
}
const meta$A = ({
  matches
}) => titleMeta(matches, "重置密码");
const resetPassword = UNSAFE_withComponentProps(function ResetPassword({
  loaderData
}) {
  const [method, setMethod] = useState(loaderData.method);
  const initial = (m) => m === loaderData.method ? loaderData.account : "";
  return /* @__PURE__ */ jsx("div", {
    className: "container narrow",
    children: /* @__PURE__ */ jsxs("section", {
      className: "panel auth-page",
      children: [/* @__PURE__ */ jsx("h1", {
        className: "panel-title",
        children: "重置密码"
      }), loaderData.msg ? /* @__PURE__ */ jsx("p", {
        className: "notice notice-warning",
        role: "status",
        children: loaderData.msg
      }) : null, /* @__PURE__ */ jsxs("div", {
        className: "route-tabs",
        role: "tablist",
        "aria-label": "找回方式",
        children: [/* @__PURE__ */ jsx("button", {
          type: "button",
          role: "tab",
          id: "reset-tab-phone",
          "aria-selected": method === "phone",
          "aria-controls": "reset-panel",
          className: method === "phone" ? "route-tab active" : "route-tab",
          onClick: () => setMethod("phone"),
          children: "手机号找回"
        }), /* @__PURE__ */ jsx("button", {
          type: "button",
          role: "tab",
          id: "reset-tab-email",
          "aria-selected": method === "email",
          "aria-controls": "reset-panel",
          className: method === "email" ? "route-tab active" : "route-tab",
          onClick: () => setMethod("email"),
          children: "邮箱找回"
        })]
      }), /* @__PURE__ */ jsx("div", {
        id: "reset-panel",
        role: "tabpanel",
        "aria-labelledby": `reset-tab-${method}`,
        children: method === "phone" ? /* @__PURE__ */ jsx(PhoneReset, {
          initialPhone: initial("phone")
        }, "phone") : /* @__PURE__ */ jsx(EmailReset, {
          initialEmail: initial("email")
        }, "email")
      })]
    })
  });
});
function PhoneReset({
  initialPhone
}) {
  const {
    alert,
    openAuth
  } = useShell();
  const [phone, setPhone] = useState(initialPhone);
  const [imageCode, setImageCode] = useState("");
  const [smsCode, setSmsCode] = useState("");
  const [password2, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const captcha = useCaptcha(true);
  const sms = useSmsSender("restpwd", captcha);
  async function sendCode() {
    const result = await sms.send(phone, imageCode);
    if (result.ok) {
      setErrors({});
      alert("验证码已发送，请注意查收短信", "success");
    } else if (result.field) {
      setErrors({
        [result.field]: result.message
      });
    } else {
      setImageCode("");
      alert(result.message ?? "验证码发送失败", "error");
    }
  }
  async function submit(event) {
    event.preventDefault();
    const found = {};
    const phoneError = checkPhone(phone);
    if (phoneError) found.phone = phoneError;
    const smsError = checkSmsCode(smsCode);
    if (smsError) found.smsCode = smsError;
    const passwordError = checkPassword(password2);
    if (passwordError) found.password = passwordError;
    else {
      const confirmError = checkPasswordConfirm(password2, confirm);
      if (confirmError) found.confirm = confirmError;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post("/api/v1/restPassword", {
        phone: phone.trim(),
        smsCode: smsCode.trim(),
        new_password: password2
      });
      setDone(true);
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      if (field === "new_password") setErrors({
        password: errorMessage(e)
      });
      else if (field === "phone") setErrors({
        phone: errorMessage(e)
      });
      else setErrors({
        smsCode: errorMessage(e, "重置失败，请稍后重试")
      });
    } finally {
      setBusy(false);
    }
  }
  if (done) {
    return /* @__PURE__ */ jsxs("div", {
      className: "result",
      children: [/* @__PURE__ */ jsx("p", {
        className: "notice notice-success",
        role: "status",
        children: "密码已重置，请使用新密码登录。"
      }), /* @__PURE__ */ jsx("button", {
        type: "button",
        className: "btn btn-primary",
        onClick: () => openAuth("login"),
        children: "去登录"
      })]
    });
  }
  return /* @__PURE__ */ jsxs("form", {
    className: "stack-form",
    onSubmit: submit,
    noValidate: true,
    children: [/* @__PURE__ */ jsx(Field, {
      id: "reset-phone",
      name: "phone",
      label: "手机号",
      placeholder: "请输入注册时使用的手机号",
      inputMode: "tel",
      autoComplete: "tel",
      maxLength: 11,
      value: phone,
      onChange: (event) => {
        setPhone(event.target.value);
        setSmsCode("");
      },
      error: errors.phone
    }), /* @__PURE__ */ jsx(CaptchaField, {
      idPrefix: "reset",
      captcha,
      value: imageCode,
      onChange: setImageCode,
      error: errors.imageCode
    }), /* @__PURE__ */ jsx(Field, {
      id: "reset-sms",
      name: "smsCode",
      label: "短信验证码",
      placeholder: "请输入短信验证码",
      inputMode: "numeric",
      autoComplete: "one-time-code",
      maxLength: LIMITS.smsCodeInputMax,
      value: smsCode,
      onChange: (event) => setSmsCode(event.target.value),
      error: errors.smsCode,
      addon: /* @__PURE__ */ jsx("button", {
        type: "button",
        className: "btn btn-ghost sms-button",
        onClick: () => void sendCode(),
        disabled: sms.disabled,
        children: sms.label
      })
    }), /* @__PURE__ */ jsx(Field, {
      id: "reset-password",
      name: "new_password",
      type: "password",
      label: "新密码",
      placeholder: `不少于 ${LIMITS.passwordMin} 位`,
      autoComplete: "new-password",
      maxLength: LIMITS.passwordInputMax,
      value: password2,
      onChange: (event) => setPassword(event.target.value),
      error: errors.password
    }), /* @__PURE__ */ jsx(Field, {
      id: "reset-confirm",
      name: "confirm_password",
      type: "password",
      label: "确认新密码",
      autoComplete: "new-password",
      maxLength: LIMITS.passwordInputMax,
      value: confirm,
      onChange: (event) => setConfirm(event.target.value),
      error: errors.confirm
    }), /* @__PURE__ */ jsx("button", {
      type: "submit",
      className: "btn btn-primary btn-block",
      disabled: busy,
      children: busy ? "提交中..." : "重置密码"
    }), /* @__PURE__ */ jsxs("p", {
      className: "form-foot",
      children: ["想起密码了？", /* @__PURE__ */ jsx(Link, {
        to: "/",
        children: "返回首页"
      })]
    })]
  });
}
function EmailReset({
  initialEmail
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState(null);
  async function submit(event) {
    event.preventDefault();
    const problem = checkEmail(email);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await api.post("/api/v1/restPwdByEmail", {
        email: email.trim()
      });
      setError(null);
      setSentTo(email.trim());
    } catch (e) {
      setError(errorMessage(e, "发送失败，请稍后重试"));
    } finally {
      setBusy(false);
    }
  }
  if (sentTo) {
    return /* @__PURE__ */ jsxs("div", {
      className: "result",
      children: [/* @__PURE__ */ jsxs("p", {
        className: "notice notice-success",
        role: "status",
        children: ["请查收邮件：我们已向 ", sentTo, " 发送了重置密码的链接，请按邮件中的提示设置新密码。"]
      }), /* @__PURE__ */ jsx("button", {
        type: "button",
        className: "btn",
        onClick: () => setSentTo(null),
        children: "没有收到？重新发送"
      })]
    });
  }
  return /* @__PURE__ */ jsxs("form", {
    className: "stack-form",
    onSubmit: submit,
    noValidate: true,
    children: [/* @__PURE__ */ jsx(Field, {
      id: "reset-email",
      name: "email",
      type: "email",
      label: "邮箱",
      placeholder: "请输入注册时使用的邮箱",
      autoComplete: "email",
      maxLength: LIMITS.accountInputMax,
      value: email,
      onChange: (event) => setEmail(event.target.value),
      error
    }), /* @__PURE__ */ jsx("button", {
      type: "submit",
      className: "btn btn-primary btn-block",
      disabled: busy,
      children: busy ? "发送中..." : "发送重置邮件"
    }), /* @__PURE__ */ jsxs("p", {
      className: "form-foot",
      children: ["想起密码了？", /* @__PURE__ */ jsx(Link, {
        to: "/",
        children: "返回首页"
      })]
    })]
  });
}
const route5 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: resetPassword,
  loader: loader$D,
  meta: meta$A
}, Symbol.toStringTag, { value: "Module" }));
function loader$C({
  request: request2
}) {
  const token = new URL(request2.url).searchParams.get("token") ?? "";
  return {
    token: token.slice(0, 512)
  };
}
const meta$z = ({
  matches
}) => titleMeta(matches, "设置新密码");
const setNewPassword = UNSAFE_withComponentProps(function SetNewPassword({
  loaderData
}) {
  const {
    openAuth
  } = useShell();
  const [password2, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState({});
  const [failure, setFailure] = useState(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  async function submit(event) {
    event.preventDefault();
    const passwordError = checkPassword(password2);
    const confirmError = passwordError ? null : checkPasswordConfirm(password2, confirm);
    setErrors({
      password: passwordError ?? void 0,
      confirm: confirmError ?? void 0
    });
    if (passwordError || confirmError) return;
    setBusy(true);
    try {
      await api.post("/api/v1/changePasswordByEmailToken", {
        mail_token: loaderData.token,
        new_password: password2
      });
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.field === "new_password") setErrors({
        password: e.message
      });
      else setFailure(errorMessage(e, "链接无效或已过期，请重新申请重置密码"));
    } finally {
      setBusy(false);
    }
  }
  let body;
  if (!loaderData.token) {
    body = /* @__PURE__ */ jsxs("div", {
      className: "result",
      children: [/* @__PURE__ */ jsx("p", {
        className: "notice notice-warning",
        role: "status",
        children: "链接无效或已过期，请重新申请重置密码。"
      }), /* @__PURE__ */ jsx(Link, {
        to: "/reset-password?type=email",
        className: "btn btn-primary",
        children: "重新申请"
      })]
    });
  } else if (done) {
    body = /* @__PURE__ */ jsxs("div", {
      className: "result",
      children: [/* @__PURE__ */ jsx("p", {
        className: "notice notice-success",
        role: "status",
        children: "密码已重置，请使用新密码登录。"
      }), /* @__PURE__ */ jsx("button", {
        type: "button",
        className: "btn btn-primary",
        onClick: () => openAuth("login"),
        children: "去登录"
      })]
    });
  } else {
    body = /* @__PURE__ */ jsxs("form", {
      className: "stack-form",
      onSubmit: submit,
      noValidate: true,
      children: [failure ? /* @__PURE__ */ jsxs("p", {
        className: "notice notice-error",
        role: "alert",
        children: [failure, " ", /* @__PURE__ */ jsx(Link, {
          to: "/reset-password?type=email",
          children: "重新申请"
        })]
      }) : null, /* @__PURE__ */ jsx(Field, {
        id: "new-password",
        name: "new_password",
        type: "password",
        label: "新密码",
        placeholder: `不少于 ${LIMITS.passwordMin} 位`,
        autoComplete: "new-password",
        maxLength: LIMITS.passwordInputMax,
        value: password2,
        onChange: (event) => setPassword(event.target.value),
        error: errors.password
      }), /* @__PURE__ */ jsx(Field, {
        id: "new-password-confirm",
        name: "confirm_password",
        type: "password",
        label: "确认新密码",
        autoComplete: "new-password",
        maxLength: LIMITS.passwordInputMax,
        value: confirm,
        onChange: (event) => setConfirm(event.target.value),
        error: errors.confirm
      }), /* @__PURE__ */ jsx("button", {
        type: "submit",
        className: "btn btn-primary btn-block",
        disabled: busy,
        children: busy ? "提交中..." : "确认修改"
      })]
    });
  }
  return /* @__PURE__ */ jsx("div", {
    className: "container narrow",
    children: /* @__PURE__ */ jsxs("section", {
      className: "panel auth-page",
      children: [/* @__PURE__ */ jsx("h1", {
        className: "panel-title",
        children: "设置新密码"
      }), body]
    })
  });
});
const route6 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: setNewPassword,
  loader: loader$C,
  meta: meta$z
}, Symbol.toStringTag, { value: "Module" }));
const BOOK_CATEGORIES = BROWSE_CATEGORIES.map((c) => c.slug === "all" ? {
  ...c,
  title: "全部"
} : c);
function loader$B({
  params
}) {
  const category = findCategory(BOOK_CATEGORIES, params.category ?? "all");
  if (!category) notFound$1();
  return {
    category: category.slug,
    categoryTitle: category.title,
    booklets: []
  };
}
function meta$y({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData && loaderData.category !== "all" ? `${loaderData.categoryTitle} - 小册` : "小册");
}
const booksIndex = UNSAFE_withComponentProps(function BooksIndex({
  loaderData
}) {
  const {
    siteName
  } = useShell();
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [/* @__PURE__ */ jsx(CategoryNav, {
      categories: BOOK_CATEGORIES,
      hrefFor: (slug) => `/books/${slug}`,
      active: loaderData.category,
      label: "小册分类"
    }), /* @__PURE__ */ jsx(TwoColumn, {
      aside: /* @__PURE__ */ jsxs(Fragment, {
        children: [/* @__PURE__ */ jsx(SidebarCard, {
          title: "关于小册",
          children: /* @__PURE__ */ jsx("p", {
            className: "sidebar-text",
            children: "小册是由作者精心编写的系列教程，购买后可永久阅读。"
          })
        }), /* @__PURE__ */ jsx(AppCard, {
          siteName
        }), /* @__PURE__ */ jsx(SidebarFooter, {
          siteName
        })]
      }),
      children: /* @__PURE__ */ jsxs("section", {
        className: "list-card",
        children: [/* @__PURE__ */ jsx("header", {
          className: "list-header",
          children: /* @__PURE__ */ jsxs("h1", {
            className: "list-title",
            children: ["小册 · ", loaderData.categoryTitle]
          })
        }), loaderData.booklets.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
          title: "暂无小册",
          description: "这个分类下还没有上架的小册"
        }) : /* @__PURE__ */ jsx("ul", {
          className: "entry-list",
          children: loaderData.booklets.map((book) => /* @__PURE__ */ jsxs("li", {
            className: "entry-item",
            children: [/* @__PURE__ */ jsx("h2", {
              className: "entry-title",
              children: /* @__PURE__ */ jsx("a", {
                href: `/book/${book.id}`,
                children: book.title
              })
            }), /* @__PURE__ */ jsx("p", {
              className: "entry-abstract",
              children: book.summary
            })]
          }, book.id))
        })]
      })
    })]
  });
});
const route7 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: booksIndex,
  loader: loader$B,
  meta: meta$y
}, Symbol.toStringTag, { value: "Module" }));
function MissingContent({ title, message, children }) {
  return /* @__PURE__ */ jsx("div", { className: "container narrow", children: /* @__PURE__ */ jsxs("article", { className: "panel missing", children: [
    /* @__PURE__ */ jsx("h1", { className: "panel-title", children: title }),
    /* @__PURE__ */ jsx("p", { className: "missing-message", children: message }),
    children,
    /* @__PURE__ */ jsx("p", { children: /* @__PURE__ */ jsx(Link, { to: "/", className: "btn", children: "返回首页" }) })
  ] }) });
}
function loader$A({
  params
}) {
  return {
    id: requireRouteId(params.id),
    booklet: null
  };
}
function meta$x({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.booklet?.title ?? "小册");
}
const bookInfo = UNSAFE_withComponentProps(function BookInfo() {
  return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知小册",
    message: "该小册不存在或尚未上架"
  });
});
const route8 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: bookInfo,
  loader: loader$A,
  meta: meta$x
}, Symbol.toStringTag, { value: "Module" }));
function loader$z({
  params
}) {
  return {
    id: requireRouteId(params.id),
    sectionId: optionalRouteId(params.sectionId),
    section: null
  };
}
function meta$w({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.section?.title ?? "小册阅读");
}
const bookSection = UNSAFE_withComponentProps(function BookSection() {
  return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知章节",
    message: "该章节不存在或尚未上架"
  });
});
const route9 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: bookSection,
  loader: loader$z,
  meta: meta$w
}, Symbol.toStringTag, { value: "Module" }));
function EntryView({
  entry: entry2,
  related,
  now,
  children
}) {
  const views = useRecordedViews(entry2.id, entry2.viewsCount);
  const external = /^https?:\/\//.test(entry2.originalUrl);
  return /* @__PURE__ */ jsx(
    TwoColumn,
    {
      aside: /* @__PURE__ */ jsxs(Fragment, { children: [
        /* @__PURE__ */ jsx(SidebarCard, { title: "关于作者", children: /* @__PURE__ */ jsxs(Link, { to: `/user/${entry2.user.id}`, className: "author-row", children: [
          /* @__PURE__ */ jsx(Avatar, { user: entry2.user, size: 40 }),
          /* @__PURE__ */ jsxs("span", { children: [
            /* @__PURE__ */ jsx("strong", { children: entry2.user.username }),
            entry2.user.jobTitle ? /* @__PURE__ */ jsx("small", { children: entry2.user.jobTitle }) : null
          ] })
        ] }) }),
        /* @__PURE__ */ jsx(SidebarCard, { title: "相关文章", children: related.length === 0 ? /* @__PURE__ */ jsx("p", { className: "sidebar-empty", children: "暂无相关文章" }) : /* @__PURE__ */ jsx("ul", { className: "related-list", children: related.map((r) => /* @__PURE__ */ jsxs("li", { children: [
          /* @__PURE__ */ jsx(Link, { to: `/entry/${r.id}`, children: r.title }),
          /* @__PURE__ */ jsxs("small", { children: [
            formatCount(r.collectionCount),
            " 赞 · ",
            formatCount(r.commentsCount),
            " 评论"
          ] })
        ] }, r.id)) }) })
      ] }),
      children: /* @__PURE__ */ jsxs("article", { className: "panel entry-view", children: [
        /* @__PURE__ */ jsxs("header", { children: [
          /* @__PURE__ */ jsx("h1", { className: "entry-view-title", children: external ? /* @__PURE__ */ jsx("a", { href: entry2.originalUrl, target: "_blank", rel: "nofollow noopener noreferrer", children: entry2.title }) : entry2.title }),
          /* @__PURE__ */ jsxs("p", { className: "entry-view-meta", children: [
            /* @__PURE__ */ jsx(Link, { to: `/user/${entry2.user.id}`, children: entry2.user.username }),
            /* @__PURE__ */ jsx("span", { "aria-hidden": "true", children: " · " }),
            /* @__PURE__ */ jsx("time", { dateTime: entry2.createdAt, children: relativeTime(entry2.createdAt, now) }),
            entry2.category ? /* @__PURE__ */ jsxs(Fragment, { children: [
              /* @__PURE__ */ jsx("span", { "aria-hidden": "true", children: " · " }),
              /* @__PURE__ */ jsx(Link, { to: `/explore/${entry2.category.name}`, children: entry2.category.title })
            ] }) : null,
            /* @__PURE__ */ jsx("span", { "aria-hidden": "true", children: " · " }),
            /* @__PURE__ */ jsxs("span", { children: [
              "阅读 ",
              formatCount(views)
            ] })
          ] })
        ] }),
        entry2.screenshot ? /* @__PURE__ */ jsx("img", { className: "entry-view-shot", src: entry2.screenshot, alt: "", loading: "lazy" }) : null,
        entry2.content || entry2.abstract ? /* @__PURE__ */ jsx("p", { className: "entry-view-text", children: entry2.content || entry2.abstract }) : null,
        external ? /* @__PURE__ */ jsxs("p", { children: [
          /* @__PURE__ */ jsx(
            "a",
            {
              className: "btn btn-primary",
              href: entry2.originalUrl,
              target: "_blank",
              rel: "nofollow noopener noreferrer",
              children: "阅读原文"
            }
          ),
          /* @__PURE__ */ jsx("span", { className: "entry-view-host", children: hostOf$1(entry2.originalUrl) })
        ] }) : null,
        entry2.tags.length ? /* @__PURE__ */ jsx("p", { className: "entry-view-tags", children: entry2.tags.map((t) => /* @__PURE__ */ jsx(Link, { to: `/tag/${encodeURIComponent(t.title)}`, className: "entry-tag", children: t.title }, t.id)) }) : null,
        /* @__PURE__ */ jsxs("p", { className: "entry-view-stats", children: [
          formatCount(entry2.collectionCount),
          " 人赞过 · ",
          formatCount(entry2.commentsCount),
          " 条评论"
        ] }),
        children
      ] })
    }
  );
}
function hostOf$1(url) {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
function useRecordedViews(entryId, initial) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    let live = true;
    api.get(`/api/getEntryView?entryId=${entryId}`).then((d) => live && setViews(d.viewsCount)).catch(() => void 0);
    return () => {
      live = false;
    };
  }, [entryId]);
  return views;
}
function postIdOf(originalUrl) {
  return originalUrl.replace(/[?#].*$/, "").replace(/\/+$/, "").split("/").pop() ?? "";
}
async function loadEntryPage(context, id, opts) {
  let entry2;
  try {
    entry2 = await context.services.entries.getEntry(id, context.caller);
  } catch (err) {
    if (isAppError(err) && err.code === 404) {
      throw data({ entry: null, related: [], now: Date.now() }, { status: 404 });
    }
    throw err;
  }
  if (opts.followRedirects) {
    if (entry2.type === "post") throw redirect(`/post/${postIdOf(entry2.originalUrl) || entry2.id}`, 301);
    if (entry2.type === "vote") throw redirect(`/entry/${entry2.id}/detail`, 302);
  }
  const related = await context.services.entries.related(entry2.id, 5, context.caller).catch(() => []);
  return { entry: entry2, related, now: Date.now() };
}
function loader$y({
  params,
  context
}) {
  return loadEntryPage(context, requireRouteId(params.id), {
    followRedirects: true
  });
}
function meta$v({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.entry?.title ?? "未知文章", {
    description: loaderData?.entry?.abstract || void 0
  });
}
const entryPublic = UNSAFE_withComponentProps(function EntryPublic({
  loaderData
}) {
  return /* @__PURE__ */ jsx(EntryView, {
    entry: loaderData.entry,
    related: loaderData.related,
    now: loaderData.now
  });
});
const ErrorBoundary$1 = UNSAFE_withErrorBoundaryProps(function ErrorBoundary() {
  return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知文章",
    message: "该文章不存在"
  });
});
const route10 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  ErrorBoundary: ErrorBoundary$1,
  default: entryPublic,
  loader: loader$y,
  meta: meta$v
}, Symbol.toStringTag, { value: "Module" }));
async function loader$x({
  params,
  context
}) {
  const highlightedCommentId = optionalRouteId(params.commentId);
  const page = await loadEntryPage(context, requireRouteId(params.id), {
    followRedirects: false
  });
  return {
    ...page,
    highlightedCommentId
  };
}
function meta$u({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.entry?.title ?? "未知文章");
}
const entryDetail = UNSAFE_withComponentProps(function EntryDetail({
  loaderData
}) {
  return /* @__PURE__ */ jsx(EntryView, {
    entry: loaderData.entry,
    related: loaderData.related,
    now: loaderData.now,
    children: /* @__PURE__ */ jsxs("section", {
      className: "entry-comments",
      "aria-label": "评论",
      children: [/* @__PURE__ */ jsx("h2", {
        children: "评论"
      }), /* @__PURE__ */ jsx("p", {
        className: "sidebar-empty",
        children: "评论功能即将开放。"
      })]
    })
  });
});
const ErrorBoundary3 = UNSAFE_withErrorBoundaryProps(function ErrorBoundary4() {
  return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知文章",
    message: "该文章不存在"
  });
});
const route12 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  ErrorBoundary: ErrorBoundary3,
  default: entryDetail,
  loader: loader$x,
  meta: meta$u
}, Symbol.toStringTag, { value: "Module" }));
const SHARE_LIMITS = {
  /** Counted in characters (code points): a Chinese title of 100 characters is fine. */
  titleMax: 100,
  /** The sharer's description of a link. */
  contentMax: 1e3,
  tagsMax: 5,
  urlMax: 2048
};
const SHARE_TYPES = ["article", "others"];
const SHARE_TYPE_LABELS = { article: "文章链接", others: "其他" };
const EXTRA_FLAGS = ["vote", "original", "gfw", "english"];
const chars = (s) => [...s].length;
function checkShareTitle(raw) {
  const title = raw.trim();
  if (!title) return "标题不能为空";
  if (chars(title) > SHARE_LIMITS.titleMax) return `标题不能超过 ${SHARE_LIMITS.titleMax} 个字符`;
  return null;
}
function checkShareContent(raw) {
  return chars(raw.trim()) > SHARE_LIMITS.contentMax ? `描述不能超过 ${SHARE_LIMITS.contentMax} 个字符` : null;
}
function normalizeShareUrl(raw) {
  const text2 = raw.trim();
  if (!text2 || text2.length > SHARE_LIMITS.urlMax) return null;
  try {
    const url = new URL(text2);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname) return null;
    return url.href.length > SHARE_LIMITS.urlMax ? null : url.href;
  } catch {
    return null;
  }
}
function formatExtra(flags) {
  return EXTRA_FLAGS.map((f) => flags[f] ? "1" : "0").join("|");
}
const EMPTY_SHARE = {
  originalUrl: "",
  title: "",
  content: "",
  screenshot: "",
  category: "",
  tags: [],
  type: "article",
  flags: { vote: false, original: false, gfw: false, english: false }
};
function withScheme(raw) {
  const text2 = raw.trim();
  if (!text2 || /^[a-z][a-z0-9+.-]*:/i.test(text2)) return text2;
  return `https://${text2.replace(/^\/+/, "")}`;
}
function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
function ShareForm({ categories: categories2, tags: tags2, initial, entryId, readOnMount }) {
  const { alert } = useShell();
  const navigate = useNavigate();
  const ids = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [formError, setFormError] = useState(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState(null);
  const [preview, setPreview] = useState(null);
  const [existing, setExisting] = useState(null);
  const [busy, setBusy] = useState(false);
  const lastRead = useRef(null);
  const autofill = useRef({ title: "", content: "", screenshot: "" });
  const editing = !!entryId;
  const set = (key, value) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key === "flags" ? "extra" : key]: void 0 }));
    if (key === "originalUrl") setReadError(null);
  };
  async function readPage(raw) {
    const url = withScheme(raw);
    if (!url) return setErrors((e) => ({ ...e, originalUrl: "请先粘贴文章链接" }));
    if (!normalizeShareUrl(url)) {
      return setErrors((e) => ({
        ...e,
        originalUrl: "链接格式不正确，请输入以 http:// 或 https:// 开头的网址"
      }));
    }
    if (url !== values.originalUrl) setValues((v) => ({ ...v, originalUrl: url }));
    lastRead.current = url;
    setReading(true);
    setReadError(null);
    setErrors((e) => ({ ...e, originalUrl: void 0 }));
    const [info, shared] = await Promise.allSettled([
      api.get("/api/page/info", { url }),
      api.get("/api/get_entry_by_url", { url })
    ]);
    if (lastRead.current !== url) return;
    setReading(false);
    setExisting(
      shared.status === "fulfilled" && shared.value && shared.value.id !== entryId ? shared.value : null
    );
    if (info.status === "rejected") {
      setPreview(null);
      return setReadError(errorMessage(info.reason, "读取网页失败，请手动填写标题"));
    }
    const page = info.value;
    setPreview(page);
    setValues((v) => {
      const next = { ...v };
      if (page.title && (!v.title.trim() || v.title === autofill.current.title)) next.title = page.title;
      if (page.description && (!v.content.trim() || v.content === autofill.current.content)) {
        next.content = page.description;
      }
      if (page.thumb && (!v.screenshot || v.screenshot === autofill.current.screenshot))
        next.screenshot = page.thumb;
      return next;
    });
    autofill.current = { title: page.title, content: page.description, screenshot: page.thumb };
    setErrors((e) => ({ ...e, title: void 0, content: void 0, screenshot: void 0 }));
  }
  const readOnce = useRef(readOnMount);
  useEffect(() => {
    if (readOnce.current && values.originalUrl) {
      readOnce.current = false;
      void readPage(values.originalUrl);
    }
  }, []);
  function validate() {
    const found = {};
    const url = withScheme(values.originalUrl);
    if (values.type === "article" && !url) found.originalUrl = "请填写原文链接";
    else if (url && !normalizeShareUrl(url)) found.originalUrl = "链接格式不正确";
    const title = checkShareTitle(values.title);
    if (title) found.title = title;
    const content = checkShareContent(values.content);
    if (content) found.content = content;
    if (values.screenshot.trim() && !normalizeShareUrl(values.screenshot))
      found.screenshot = "封面图必须是网址";
    if (!values.category) found.category = "请选择分类";
    if (values.tags.length > SHARE_LIMITS.tagsMax) found.tags = `最多选择 ${SHARE_LIMITS.tagsMax} 个标签`;
    return found;
  }
  async function submit(event) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0];
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const body = {
      originalUrl: withScheme(values.originalUrl),
      title: values.title.trim(),
      content: values.content.trim(),
      screenshot: values.screenshot.trim(),
      category: values.category,
      tags: values.tags.join("|"),
      type: values.type,
      extra: formatExtra(values.flags)
    };
    setBusy(true);
    try {
      if (editing) {
        await api.post("/api/entryUpdate", { entryId, ...body });
        alert("已保存", "success");
        navigate(`/entry/${entryId}`);
      } else {
        const { entryId: id } = await api.post("/api/entryPublish", body);
        alert("分享成功", "success");
        navigate(`/entry/${id}`);
      }
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      if (field && field in FIELD_LABELS) {
        setErrors((prev) => ({ ...prev, [field]: errorMessage(e) }));
        document.getElementById(`${ids}-${field}`)?.focus();
      } else {
        setFormError(errorMessage(e, editing ? "保存失败，请稍后重试" : "发布失败，请稍后重试"));
      }
    } finally {
      setBusy(false);
    }
  }
  const toggleTag = (id) => {
    const on = values.tags.includes(id);
    if (!on && values.tags.length >= SHARE_LIMITS.tagsMax) {
      return setErrors((e) => ({ ...e, tags: `最多选择 ${SHARE_LIMITS.tagsMax} 个标签` }));
    }
    set("tags", on ? values.tags.filter((t) => t !== id) : [...values.tags, id]);
  };
  const fieldId = (f) => `${ids}-${f}`;
  const described = (f) => errors[f] ? `${fieldId(f)}-error` : void 0;
  return /* @__PURE__ */ jsxs("form", { className: "share-form", onSubmit: submit, noValidate: true, "aria-busy": busy || reading, children: [
    /* @__PURE__ */ jsxs(
      ShareField,
      {
        id: fieldId("originalUrl"),
        label: "原文链接",
        error: errors.originalUrl ?? readError ?? void 0,
        required: values.type === "article",
        children: [
          /* @__PURE__ */ jsxs("div", { className: "share-url-row", children: [
            /* @__PURE__ */ jsx(
              "input",
              {
                id: fieldId("originalUrl"),
                className: "input",
                type: "url",
                inputMode: "url",
                autoComplete: "url",
                placeholder: "粘贴文章链接，如 https://juejin.cn/post/…",
                value: values.originalUrl,
                maxLength: SHARE_LIMITS.urlMax,
                "aria-invalid": errors.originalUrl || readError ? true : void 0,
                "aria-describedby": errors.originalUrl || readError ? `${fieldId("originalUrl")}-error` : `${fieldId("originalUrl")}-hint`,
                onChange: (e) => set("originalUrl", e.target.value),
                onPaste: (e) => {
                  const text2 = e.clipboardData.getData("text").trim();
                  if (text2 && !values.originalUrl.trim()) {
                    e.preventDefault();
                    set("originalUrl", text2);
                    void readPage(text2);
                  }
                },
                onKeyDown: (e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    void readPage(values.originalUrl);
                  }
                }
              }
            ),
            /* @__PURE__ */ jsx(
              "button",
              {
                type: "button",
                className: "btn",
                onClick: () => void readPage(values.originalUrl),
                disabled: reading,
                children: reading ? "读取中…" : "读取网页"
              }
            )
          ] }),
          /* @__PURE__ */ jsx("p", { id: `${fieldId("originalUrl")}-hint`, className: "share-hint", children: "粘贴链接后自动读取网页的标题、描述和封面图，读取后仍可修改" })
        ]
      }
    ),
    /* @__PURE__ */ jsxs("div", { "aria-live": "polite", children: [
      existing ? /* @__PURE__ */ jsxs("p", { className: "notice notice-warning share-existing", children: [
        "这个链接已经被 ",
        existing.user.username,
        " 分享过：",
        /* @__PURE__ */ jsx(Link, { to: `/entry/${existing.id}`, children: existing.title })
      ] }) : null,
      preview && (preview.thumb || preview.description) ? /* @__PURE__ */ jsxs("div", { className: "share-preview", children: [
        preview.thumb ? /* @__PURE__ */ jsx("img", { src: preview.thumb, alt: "", className: "share-preview-thumb" }) : null,
        /* @__PURE__ */ jsxs("div", { className: "share-preview-text", children: [
          /* @__PURE__ */ jsx("p", { className: "share-preview-title", children: preview.title || "（网页没有标题）" }),
          preview.description ? /* @__PURE__ */ jsx("p", { className: "share-preview-desc", children: preview.description }) : null,
          /* @__PURE__ */ jsx("p", { className: "share-preview-host", children: hostOf(preview.url) })
        ] })
      ] }) : null
    ] }),
    /* @__PURE__ */ jsx(
      ShareField,
      {
        id: fieldId("title"),
        label: "标题",
        error: errors.title,
        required: true,
        counter: `${chars(values.title.trim())}/${SHARE_LIMITS.titleMax}`,
        children: /* @__PURE__ */ jsx(
          "input",
          {
            id: fieldId("title"),
            className: "input",
            placeholder: "文章标题",
            value: values.title,
            "aria-invalid": errors.title ? true : void 0,
            "aria-describedby": described("title"),
            "aria-required": "true",
            onChange: (e) => set("title", e.target.value)
          }
        )
      }
    ),
    /* @__PURE__ */ jsx(
      ShareField,
      {
        id: fieldId("content"),
        label: "描述",
        error: errors.content,
        counter: `${chars(values.content.trim())}/${SHARE_LIMITS.contentMax}`,
        children: /* @__PURE__ */ jsx(
          "textarea",
          {
            id: fieldId("content"),
            className: "input textarea",
            rows: 4,
            placeholder: "说说你为什么推荐它（选填）",
            value: values.content,
            "aria-invalid": errors.content ? true : void 0,
            "aria-describedby": described("content"),
            onChange: (e) => set("content", e.target.value)
          }
        )
      }
    ),
    /* @__PURE__ */ jsx(ShareField, { id: fieldId("screenshot"), label: "封面图", error: errors.screenshot, children: /* @__PURE__ */ jsxs("div", { className: "share-url-row", children: [
      /* @__PURE__ */ jsx(
        "input",
        {
          id: fieldId("screenshot"),
          className: "input",
          type: "url",
          placeholder: "图片网址（选填）",
          value: values.screenshot,
          maxLength: SHARE_LIMITS.urlMax,
          "aria-invalid": errors.screenshot ? true : void 0,
          "aria-describedby": described("screenshot"),
          onChange: (e) => set("screenshot", e.target.value)
        }
      ),
      values.screenshot && normalizeShareUrl(values.screenshot) ? /* @__PURE__ */ jsx("img", { src: values.screenshot, alt: "封面预览", className: "share-cover" }) : null
    ] }) }),
    /* @__PURE__ */ jsxs("fieldset", { className: "share-fieldset", "aria-describedby": described("category"), children: [
      /* @__PURE__ */ jsxs("legend", { className: "field-label", children: [
        "分类",
        " ",
        /* @__PURE__ */ jsx("span", { className: "share-required", "aria-hidden": "true", children: "*" })
      ] }),
      /* @__PURE__ */ jsx("div", { className: "chip-group", children: categories2.map((c, i) => /* @__PURE__ */ jsxs("label", { className: "chip", children: [
        /* @__PURE__ */ jsx(
          "input",
          {
            type: "radio",
            name: "category",
            value: c.name,
            id: i === 0 ? fieldId("category") : void 0,
            checked: values.category === c.name,
            onChange: () => set("category", c.name)
          }
        ),
        /* @__PURE__ */ jsx("span", { children: c.title })
      ] }, c.id)) }),
      /* @__PURE__ */ jsx(FieldError, { id: fieldId("category"), error: errors.category })
    ] }),
    /* @__PURE__ */ jsxs("fieldset", { className: "share-fieldset", "aria-describedby": `${fieldId("tags")}-hint`, children: [
      /* @__PURE__ */ jsx("legend", { className: "field-label", children: "标签" }),
      /* @__PURE__ */ jsxs("p", { id: `${fieldId("tags")}-hint`, className: "share-hint", children: [
        "选择 0–",
        SHARE_LIMITS.tagsMax,
        " 个标签，已选 ",
        values.tags.length,
        "/",
        SHARE_LIMITS.tagsMax
      ] }),
      /* @__PURE__ */ jsxs("div", { className: "chip-group", children: [
        tags2.map((t, i) => {
          const on = values.tags.includes(t.id);
          return /* @__PURE__ */ jsx(
            "button",
            {
              id: i === 0 ? fieldId("tags") : void 0,
              type: "button",
              className: on ? "chip chip-button is-on" : "chip chip-button",
              "aria-pressed": on,
              disabled: !on && values.tags.length >= SHARE_LIMITS.tagsMax,
              onClick: () => toggleTag(t.id),
              children: t.title
            },
            t.id
          );
        }),
        tags2.length === 0 ? /* @__PURE__ */ jsx("span", { className: "muted", children: "暂无可选标签" }) : null
      ] }),
      /* @__PURE__ */ jsx(FieldError, { id: fieldId("tags"), error: errors.tags })
    ] }),
    /* @__PURE__ */ jsxs("fieldset", { className: "share-fieldset", children: [
      /* @__PURE__ */ jsx("legend", { className: "field-label", children: "类型" }),
      /* @__PURE__ */ jsx("div", { className: "chip-group", children: SHARE_TYPES.map((t, i) => /* @__PURE__ */ jsxs("label", { className: "chip", children: [
        /* @__PURE__ */ jsx(
          "input",
          {
            type: "radio",
            name: "type",
            value: t,
            id: i === 0 ? fieldId("type") : void 0,
            checked: values.type === t,
            onChange: () => set("type", t)
          }
        ),
        /* @__PURE__ */ jsx("span", { children: SHARE_TYPE_LABELS[t] })
      ] }, t)) }),
      /* @__PURE__ */ jsx(FieldError, { id: fieldId("type"), error: errors.type })
    ] }),
    /* @__PURE__ */ jsxs("fieldset", { className: "share-fieldset", children: [
      /* @__PURE__ */ jsx("legend", { className: "field-label", children: "标记" }),
      /* @__PURE__ */ jsxs("div", { className: "share-flags", children: [
        /* @__PURE__ */ jsxs("label", { className: "share-check", children: [
          /* @__PURE__ */ jsx(
            "input",
            {
              id: fieldId("extra"),
              type: "checkbox",
              checked: values.flags.original,
              onChange: (e) => set("flags", { ...values.flags, original: e.target.checked })
            }
          ),
          "原创（我是作者）"
        ] }),
        /* @__PURE__ */ jsxs("label", { className: "share-check", children: [
          /* @__PURE__ */ jsx(
            "input",
            {
              type: "checkbox",
              checked: values.flags.english,
              onChange: (e) => set("flags", { ...values.flags, english: e.target.checked })
            }
          ),
          "英文内容"
        ] })
      ] }),
      /* @__PURE__ */ jsx(FieldError, { id: fieldId("extra"), error: errors.extra })
    ] }),
    formError ? /* @__PURE__ */ jsx("p", { className: "notice notice-error", role: "alert", children: formError }) : null,
    /* @__PURE__ */ jsxs("div", { className: "share-actions", children: [
      /* @__PURE__ */ jsx(Link, { to: editing ? "/published" : "/", className: "btn", children: "取消" }),
      /* @__PURE__ */ jsx("button", { type: "submit", className: "btn btn-primary", disabled: busy, children: busy ? editing ? "保存中…" : "发布中…" : editing ? "保存修改" : "发布" })
    ] })
  ] });
}
const FIELD_LABELS = {
  originalUrl: "原文链接",
  title: "标题",
  content: "描述",
  screenshot: "封面图",
  category: "分类",
  tags: "标签",
  type: "类型",
  extra: "标记"
};
function FieldError({ id, error }) {
  return error ? /* @__PURE__ */ jsx("p", { id: `${id}-error`, className: "field-error", role: "alert", children: error }) : null;
}
function ShareField({
  id,
  label,
  error,
  required,
  counter: counter2,
  children
}) {
  return /* @__PURE__ */ jsxs("div", { className: `field share-field${error ? " has-error" : ""}`, children: [
    /* @__PURE__ */ jsxs("div", { className: "share-label-row", children: [
      /* @__PURE__ */ jsxs("label", { htmlFor: id, className: "field-label", children: [
        label,
        required ? /* @__PURE__ */ jsxs("span", { className: "share-required", "aria-hidden": "true", children: [
          " ",
          "*"
        ] }) : null
      ] }),
      counter2 ? /* @__PURE__ */ jsx("span", { className: "share-counter", children: counter2 }) : null
    ] }),
    children,
    /* @__PURE__ */ jsx(FieldError, { id, error })
  ] });
}
const HOT_TAGS$1 = {
  type: "hot",
  page: 1,
  pageSize: 30
};
async function loader$w({
  context,
  request: request2
}) {
  requireViewer(context);
  const query = new URL(request2.url).searchParams;
  const [categories2, hot] = await Promise.all([context.services.entries.categories(), context.services.tags.list(HOT_TAGS$1, context.caller)]);
  return {
    categories: categories2,
    tags: hot.list.map((t) => ({
      id: t.id,
      title: t.title
    })),
    url: (query.get("url") ?? "").slice(0, 2048),
    title: (query.get("title") ?? "").slice(0, 200)
  };
}
const meta$t = ({
  matches
}) => titleMeta(matches, "分享链接");
const shareEntry = UNSAFE_withComponentProps(function ShareEntry({
  loaderData
}) {
  const {
    categories: categories2,
    tags: tags2,
    url,
    title
  } = loaderData;
  return /* @__PURE__ */ jsxs(PageSection, {
    title: "分享链接",
    narrow: true,
    children: [/* @__PURE__ */ jsx("p", {
      className: "panel-lead",
      children: "把你读到的好文章分享给大家：粘贴链接，补充分类和标签即可发布。"
    }), /* @__PURE__ */ jsx(ShareForm, {
      categories: categories2,
      tags: tags2,
      initial: {
        ...EMPTY_SHARE,
        originalUrl: url,
        title
      },
      readOnMount: !!url
    })]
  });
});
const route13 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: shareEntry,
  loader: loader$w,
  meta: meta$t
}, Symbol.toStringTag, { value: "Module" }));
const HOT_TAGS = {
  type: "hot",
  page: 1,
  pageSize: 30
};
async function loader$v({
  context,
  params
}) {
  requireViewer(context);
  const id = requireRouteId(params.id);
  let entry2;
  try {
    entry2 = await context.services.publish.editable(id, context.caller);
  } catch (err) {
    if (isAppError(err) && err.code === 403) {
      throw data({
        message: err.message
      }, {
        status: 403,
        headers: {
          Refresh: "0; url=/"
        }
      });
    }
    if (isAppError(err) && err.code < 500) notFound$1("内容不存在或已删除");
    throw err;
  }
  if (entry2.type === "post") {
    throw redirect(`/editor/posts/${entry2.originalUrl.split("/").filter(Boolean).pop() ?? entry2.id}`);
  }
  const [categories2, hot] = await Promise.all([context.services.entries.categories(), context.services.tags.list(HOT_TAGS, context.caller)]);
  const tags2 = [...entry2.tags, ...hot.list.filter((t) => !entry2.tags.some((own) => own.id === t.id))].map((t) => ({
    id: t.id,
    title: t.title
  }));
  const initial = {
    originalUrl: entry2.originalUrl,
    title: entry2.title,
    content: entry2.content,
    screenshot: entry2.screenshot,
    category: entry2.category?.name ?? "",
    tags: entry2.tags.map((t) => t.id),
    type: entry2.type === "others" ? "others" : "article",
    flags: {
      vote: entry2.vote,
      original: entry2.original,
      gfw: entry2.gfw,
      english: entry2.english
    }
  };
  return {
    id,
    categories: categories2,
    tags: tags2,
    initial,
    isVote: entry2.type === "vote"
  };
}
const meta$s = ({
  matches
}) => titleMeta(matches, "编辑分享");
const editEntry = UNSAFE_withComponentProps(function EditEntry({
  loaderData
}) {
  const {
    id,
    categories: categories2,
    tags: tags2,
    initial,
    isVote
  } = loaderData;
  return /* @__PURE__ */ jsx(PageSection, {
    title: "编辑分享",
    narrow: true,
    children: isVote ? /* @__PURE__ */ jsx("p", {
      className: "notice notice-warning",
      children: "投票发布后不能修改。"
    }) : /* @__PURE__ */ jsx(ShareForm, {
      entryId: id,
      categories: categories2,
      tags: tags2,
      initial
    }, id)
  });
});
const route14 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: editEntry,
  loader: loader$v,
  meta: meta$s
}, Symbol.toStringTag, { value: "Module" }));
async function loader$u({
  context,
  request: request2
}) {
  requireViewer(context);
  const before = new URL(request2.url).searchParams.get("before");
  try {
    const page = await context.services.publish.mine({
      before: before ?? void 0
    }, context.caller);
    return {
      entries: page.list.map((e) => ({
        id: e.id,
        title: e.title,
        type: e.type,
        originalUrl: e.originalUrl,
        abstract: e.abstract,
        category: e.category,
        tags: e.tags.map((t) => ({
          id: t.id,
          title: t.title
        })),
        collectionCount: e.collectionCount,
        commentsCount: e.commentsCount,
        hot: e.hot,
        createdAt: e.createdAt
      })),
      nextHref: page.canNext && page.pointer ? `/published?before=${encodeURIComponent(page.pointer)}` : null,
      paged: !!before,
      now: Date.now()
    };
  } catch (err) {
    if (isAppError(err) && err.code === 400) notFound$1();
    throw err;
  }
}
const meta$r = ({
  matches
}) => titleMeta(matches, "我的发布");
const TYPE_LABELS = {
  article: "分享",
  post: "专栏",
  vote: "投票",
  others: "其他"
};
const lastSegment = (url, fallback) => url.split("/").filter(Boolean).pop() ?? fallback;
function viewHref(e) {
  return e.type === "post" ? `/post/${lastSegment(e.originalUrl, e.id)}` : `/entry/${e.id}`;
}
function editHref(e) {
  if (e.type === "post") return `/editor/posts/${lastSegment(e.originalUrl, e.id)}`;
  if (e.type === "vote") return null;
  return `/edit-entry/${e.id}`;
}
const published = UNSAFE_withComponentProps(function Published({
  loaderData
}) {
  const {
    entries: entries2,
    nextHref,
    paged,
    now
  } = loaderData;
  const {
    alert
  } = useShell();
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState(/* @__PURE__ */ new Set());
  const [confirming, setConfirming] = useState(null);
  const [busy, setBusy] = useState(false);
  const visible = entries2.filter((e) => !removed.has(e.id));
  async function remove() {
    if (!confirming) return;
    setBusy(true);
    try {
      await api.post("/api/entryDel", {
        entryId: confirming.id
      });
      setRemoved((s) => new Set(s).add(confirming.id));
      alert("已删除", "success");
      setConfirming(null);
      void revalidator.revalidate();
    } catch (e) {
      alert(errorMessage(e, "删除失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }
  return /* @__PURE__ */ jsxs(PageSection, {
    title: "我的发布",
    narrow: true,
    actions: /* @__PURE__ */ jsx(Link, {
      to: "/new-entry",
      className: "btn btn-primary",
      children: "分享链接"
    }),
    children: [visible.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
      title: paged ? "没有更早的内容了" : "还没有发布过内容",
      description: paged ? void 0 : "分享一篇好文章，让更多人看到",
      children: /* @__PURE__ */ jsx(Link, {
        to: paged ? "/published" : "/new-entry",
        className: "btn btn-primary",
        children: paged ? "回到最新" : "去分享"
      })
    }) : /* @__PURE__ */ jsx("ul", {
      className: "published-list",
      children: visible.map((e) => {
        const edit = editHref(e);
        return /* @__PURE__ */ jsxs("li", {
          className: "published-item",
          children: [/* @__PURE__ */ jsxs("div", {
            className: "published-main",
            children: [/* @__PURE__ */ jsx("h2", {
              className: "published-title",
              children: /* @__PURE__ */ jsx(Link, {
                to: viewHref(e),
                children: e.title
              })
            }), e.abstract ? /* @__PURE__ */ jsx("p", {
              className: "published-abstract",
              children: e.abstract
            }) : null, /* @__PURE__ */ jsxs("p", {
              className: "published-meta",
              children: [/* @__PURE__ */ jsx("span", {
                className: e.type === "post" ? "published-type is-post" : "published-type",
                children: TYPE_LABELS[e.type] ?? e.type
              }), e.hot ? /* @__PURE__ */ jsx("span", {
                className: "entry-hot",
                children: "热"
              }) : null, e.category ? /* @__PURE__ */ jsx("span", {
                children: e.category.title
              }) : null, /* @__PURE__ */ jsx("span", {
                "aria-hidden": "true",
                children: "·"
              }), /* @__PURE__ */ jsx("time", {
                dateTime: e.createdAt,
                children: relativeTime(e.createdAt, now)
              }), e.tags.length ? /* @__PURE__ */ jsxs(Fragment, {
                children: [/* @__PURE__ */ jsx("span", {
                  "aria-hidden": "true",
                  children: "·"
                }), /* @__PURE__ */ jsx("span", {
                  children: e.tags.map((t) => t.title).join("、")
                })]
              }) : null, /* @__PURE__ */ jsx("span", {
                "aria-hidden": "true",
                children: "·"
              }), /* @__PURE__ */ jsxs("span", {
                children: [formatCount(e.collectionCount), " 赞 · ", formatCount(e.commentsCount), " 评论"]
              })]
            })]
          }), /* @__PURE__ */ jsxs("div", {
            className: "published-actions",
            children: [edit ? /* @__PURE__ */ jsx(Link, {
              to: edit,
              className: "btn",
              "aria-label": `编辑「${e.title}」`,
              children: "编辑"
            }) : null, /* @__PURE__ */ jsx("button", {
              type: "button",
              className: "btn btn-danger-text",
              "aria-label": `删除「${e.title}」`,
              onClick: () => setConfirming(e),
              children: "删除"
            })]
          })]
        }, e.id);
      })
    }), paged || nextHref ? /* @__PURE__ */ jsxs("nav", {
      className: "published-pager",
      "aria-label": "翻页",
      children: [paged ? /* @__PURE__ */ jsx(Link, {
        to: "/published",
        children: "回到最新"
      }) : /* @__PURE__ */ jsx("span", {}), nextHref ? /* @__PURE__ */ jsx(Link, {
        to: nextHref,
        children: "更早的发布"
      }) : /* @__PURE__ */ jsx("span", {
        children: "没有更多了"
      })]
    }) : null, /* @__PURE__ */ jsx(ConfirmDialog, {
      open: !!confirming,
      title: "删除这条内容？",
      message: confirming ? `「${confirming.title}」删除后将从列表和搜索中消失，无法恢复。` : void 0,
      confirmLabel: "删除",
      busy,
      onConfirm: () => void remove(),
      onCancel: () => setConfirming(null)
    })]
  });
});
const route15 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: published,
  loader: loader$u,
  meta: meta$r
}, Symbol.toStringTag, { value: "Module" }));
const COLUMN_SORTS = [{
  value: "newest",
  title: "最新"
}, {
  value: "popular",
  title: "热门"
}, {
  value: "hottest",
  title: "热榜"
}];
const SORTS$4 = COLUMN_SORTS.map((s) => s.value);
async function loader$t({
  context,
  params,
  request: request2
}) {
  const category = findCategory(BROWSE_CATEGORIES, params.category ?? "all");
  if (!category) notFound$1();
  const url = new URL(request2.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS$4, "newest");
  const [feed, weeklyHot] = await Promise.all([
    loadFeed(context, {
      base: `/zhuanlan/${category.slug}`,
      sort,
      category: category.slug,
      type: "post",
      pointer: url.searchParams.get("pointer")
    }),
    // §9: the column hot list is 6 posts sorted weeklyHottest.
    context.services.entries.feed({
      sort: "weeklyHottest",
      type: "post",
      category: category.slug,
      limit: 6
    }, context.caller)
  ]);
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    ...feed,
    weeklyHot: weeklyHot.list,
    now: Date.now()
  };
}
function meta$q({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData && loaderData.category !== "all" ? `${loaderData.categoryTitle} - 专栏` : "专栏");
}
const columnIndex = UNSAFE_withComponentProps(function ColumnIndex({
  loaderData
}) {
  const {
    pathname
  } = useLocation();
  const {
    siteName
  } = useShell();
  return /* @__PURE__ */ jsx(FeedPage, {
    heading: `专栏 · ${loaderData.categoryTitle}`,
    categories: BROWSE_CATEGORIES,
    category: loaderData.category,
    categoryHref: (slug) => `/zhuanlan/${slug}`,
    sorts: COLUMN_SORTS,
    sort: loaderData.sort,
    sortHref: sortHref(pathname, "newest"),
    entries: loaderData.entries,
    nextHref: loaderData.nextHref,
    firstHref: loaderData.firstHref,
    now: loaderData.now,
    emptyDescription: "还没有专栏文章",
    aside: /* @__PURE__ */ jsxs(Fragment, {
      children: [/* @__PURE__ */ jsx(SidebarCard, {
        title: "本周最热",
        children: loaderData.weeklyHot.length === 0 ? /* @__PURE__ */ jsx("p", {
          className: "sidebar-empty",
          children: "暂无内容"
        }) : /* @__PURE__ */ jsx("ol", {
          className: "hot-list",
          children: loaderData.weeklyHot.map((entry2) => /* @__PURE__ */ jsx("li", {
            children: /* @__PURE__ */ jsx(Link, {
              to: `/post/${entry2.id}`,
              children: entry2.title
            })
          }, entry2.id))
        })
      }), /* @__PURE__ */ jsx(AppCard, {
        siteName
      }), /* @__PURE__ */ jsx(SidebarFooter, {
        siteName
      })]
    })
  });
});
const route16 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: columnIndex,
  loader: loader$t,
  meta: meta$q
}, Symbol.toStringTag, { value: "Module" }));
const COPY_NOTICE_MIN = 128;
function copyNotice(source) {
  return [
    `作者：${source.author}`,
    `链接：${source.url}`,
    `来源：${source.siteName}`,
    "著作权归作者所有。商业转载请联系作者获得授权，非商业转载请注明出处。"
  ].join("\n");
}
const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
function useCopyNotice(container, source) {
  const { author, url, siteName } = source;
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const onCopy = (event) => {
      const selection = window.getSelection();
      if (!selection || selection.rangeCount === 0 || !event.clipboardData) return;
      const text2 = selection.toString();
      if (Array.from(text2).length < COPY_NOTICE_MIN) return;
      const notice = copyNotice({ author, url, siteName });
      const holder = document.createElement("div");
      for (let i = 0; i < selection.rangeCount; i++) holder.append(selection.getRangeAt(i).cloneContents());
      event.clipboardData.setData("text/plain", `${text2}

${notice}`);
      event.clipboardData.setData(
        "text/html",
        `${holder.innerHTML}<p>${escapeHtml(notice).replace(/\n/g, "<br>")}</p>`
      );
      event.preventDefault();
    };
    node.addEventListener("copy", onCopy);
    return () => node.removeEventListener("copy", onCopy);
  }, [container, author, url, siteName]);
}
function ArticleBody({ html, copySource }) {
  const ref2 = useRef(null);
  useCopyNotice(ref2, copySource);
  return /* @__PURE__ */ jsx("div", { ref: ref2, className: "markdown-body", dangerouslySetInnerHTML: { __html: html } });
}
function ArticleToc({ toc, className }) {
  if (toc.length === 0) return null;
  const top = Math.min(...toc.map((t) => t.level));
  return /* @__PURE__ */ jsxs("nav", { className: className ? `article-toc ${className}` : "article-toc", "aria-labelledby": "article-toc-title", children: [
    /* @__PURE__ */ jsx("h2", { id: "article-toc-title", className: "article-toc-title", children: "目录" }),
    /* @__PURE__ */ jsx("ol", { className: "article-toc-list", children: toc.map((item) => /* @__PURE__ */ jsx("li", { className: `article-toc-item level-${Math.min(item.level - top, 3)}`, children: /* @__PURE__ */ jsx("a", { href: `#${item.id}`, children: item.text || "（无标题）" }) }, item.id)) })
  ] });
}
const articleStyles = "/assets/article-BBJUD9dh.css";
const links$2 = () => [{
  rel: "stylesheet",
  href: articleStyles
}];
async function loader$s({
  context,
  params,
  request: request2
}) {
  const id = requireRouteId(params.id);
  const origin = new URL(request2.url).origin;
  try {
    const post2 = await context.services.posts.detail(id, context.caller);
    return {
      id,
      post: post2,
      url: `${origin}/post/${id}`,
      now: Date.now()
    };
  } catch (err) {
    if (isAppError(err) && err.code === 404) {
      return data({
        id,
        post: null,
        url: "",
        now: Date.now()
      }, {
        status: 404
      });
    }
    throw err;
  }
}
function meta$p({
  matches,
  loaderData
}) {
  const post2 = loaderData?.post;
  return titleMeta(matches, post2?.title ?? "未知文章", post2 ? {
    description: post2.abstract
  } : {});
}
const post = UNSAFE_withComponentProps(function Post({
  loaderData
}) {
  const {
    post: post2,
    url,
    now
  } = loaderData;
  const {
    viewer,
    siteName
  } = useShell();
  if (!post2) return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知文章",
    message: "该文章不存在"
  });
  const own = viewer?.id === post2.user.id;
  return /* @__PURE__ */ jsxs("div", {
    className: "container article-layout",
    children: [/* @__PURE__ */ jsxs("article", {
      className: "article-main panel",
      "aria-labelledby": "article-title",
      children: [/* @__PURE__ */ jsx("h1", {
        id: "article-title",
        className: "article-title",
        children: post2.title
      }), /* @__PURE__ */ jsxs("div", {
        className: "article-meta",
        children: [/* @__PURE__ */ jsxs(Link, {
          to: `/user/${post2.user.id}`,
          className: "article-author",
          children: [/* @__PURE__ */ jsx(Avatar, {
            user: post2.user,
            size: 36
          }), /* @__PURE__ */ jsx("span", {
            className: "article-author-name",
            children: post2.user.username
          })]
        }), /* @__PURE__ */ jsxs("span", {
          className: "article-meta-line",
          children: [/* @__PURE__ */ jsx("time", {
            dateTime: post2.createdAt,
            title: new Date(post2.createdAt).toLocaleString("zh-CN"),
            children: relativeTime(post2.createdAt, now)
          }), /* @__PURE__ */ jsx("span", {
            "aria-hidden": "true",
            children: " · "
          }), /* @__PURE__ */ jsxs("span", {
            children: ["阅读 ", formatCount(post2.viewsCount)]
          }), own ? /* @__PURE__ */ jsxs(Fragment, {
            children: [/* @__PURE__ */ jsx("span", {
              "aria-hidden": "true",
              children: " · "
            }), /* @__PURE__ */ jsx(Link, {
              to: `/editor/posts/${post2.id}`,
              className: "article-edit",
              children: "编辑"
            })]
          }) : null]
        })]
      }), /* @__PURE__ */ jsx(ArticleBody, {
        html: post2.html,
        copySource: {
          author: post2.user.username,
          url,
          siteName
        }
      }), /* @__PURE__ */ jsxs("footer", {
        className: "article-footer",
        children: [post2.category ? /* @__PURE__ */ jsxs("p", {
          className: "article-footer-row",
          children: [/* @__PURE__ */ jsx("span", {
            className: "article-footer-label",
            children: "分类："
          }), /* @__PURE__ */ jsx(Link, {
            to: `/zhuanlan/${post2.category.name}`,
            className: "tag-chip",
            children: post2.category.title
          })]
        }) : null, post2.tags.length > 0 ? /* @__PURE__ */ jsxs("p", {
          className: "article-footer-row",
          children: [/* @__PURE__ */ jsx("span", {
            className: "article-footer-label",
            children: "标签："
          }), post2.tags.map((tag2) => /* @__PURE__ */ jsx(Link, {
            to: `/tag/${encodeURIComponent(tag2.title)}`,
            className: "tag-chip",
            children: tag2.title
          }, tag2.id))]
        }) : null, /* @__PURE__ */ jsxs("p", {
          className: "article-footer-row article-stats",
          children: [/* @__PURE__ */ jsxs("span", {
            children: [formatCount(post2.collectionCount), " 赞"]
          }), /* @__PURE__ */ jsxs("span", {
            children: [formatCount(post2.commentsCount), " 评论"]
          })]
        })]
      })]
    }), /* @__PURE__ */ jsxs("aside", {
      className: "article-aside",
      children: [/* @__PURE__ */ jsx("section", {
        className: "sidebar-card article-author-card",
        "aria-label": "作者",
        children: /* @__PURE__ */ jsxs(Link, {
          to: `/user/${post2.user.id}`,
          className: "article-author",
          children: [/* @__PURE__ */ jsx(Avatar, {
            user: post2.user,
            size: 48
          }), /* @__PURE__ */ jsxs("span", {
            children: [/* @__PURE__ */ jsx("span", {
              className: "article-author-name",
              children: post2.user.username
            }), post2.user.jobTitle || post2.user.company ? /* @__PURE__ */ jsx("span", {
              className: "article-author-job",
              children: [post2.user.jobTitle, post2.user.company].filter(Boolean).join(" @ ")
            }) : null]
          })]
        })
      }), /* @__PURE__ */ jsx(ArticleToc, {
        toc: post2.toc,
        className: "sidebar-card"
      })]
    })]
  });
});
const route17 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: post,
  links: links$2,
  loader: loader$s,
  meta: meta$p
}, Symbol.toStringTag, { value: "Module" }));
const TYPES$1 = [{
  slug: "recommended",
  title: "推荐"
}, {
  slug: "all",
  title: "全部"
}];
const SORTS$3 = [{
  value: "newest",
  title: "最新"
}, {
  value: "popular",
  title: "热门"
}];
function loader$r({
  params,
  request: request2
}) {
  const type = TYPES$1.find((t) => t.slug === (params.type ?? "recommended"));
  if (!type) notFound$1();
  const url = new URL(request2.url);
  const defaultSort = type.slug === "all" ? "popular" : "newest";
  return {
    type: type.slug,
    typeTitle: type.title,
    defaultSort,
    sort: parseSort(url.searchParams.get("sort"), SORTS$3.map((s) => s.value), defaultSort),
    tag: url.searchParams.get("tag") ?? "all",
    collections: [],
    hotTags: []
  };
}
const meta$o = ({
  matches
}) => titleMeta(matches, "收藏集");
const collectionIndex = UNSAFE_withComponentProps(function CollectionIndex({
  loaderData
}) {
  const {
    pathname
  } = useLocation();
  const {
    siteName
  } = useShell();
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [/* @__PURE__ */ jsx(CategoryNav, {
      categories: TYPES$1,
      hrefFor: (slug) => `/collections/${slug}`,
      active: loaderData.type,
      label: "收藏集分类"
    }), /* @__PURE__ */ jsxs(TwoColumn, {
      aside: /* @__PURE__ */ jsxs(Fragment, {
        children: [/* @__PURE__ */ jsx(SidebarCard, {
          title: "热门标签",
          children: loaderData.hotTags.length === 0 ? /* @__PURE__ */ jsx("p", {
            className: "sidebar-empty",
            children: "暂无标签"
          }) : /* @__PURE__ */ jsx("ul", {
            className: "tag-cloud",
            children: loaderData.hotTags.map((tag2) => /* @__PURE__ */ jsx("li", {
              children: /* @__PURE__ */ jsx(Link, {
                to: `${pathname}?tag=${encodeURIComponent(tag2)}`,
                className: "tag-chip",
                children: tag2
              })
            }, tag2))
          })
        }), /* @__PURE__ */ jsx(AppCard, {
          siteName
        }), /* @__PURE__ */ jsx(SidebarFooter, {
          siteName
        })]
      }),
      children: [/* @__PURE__ */ jsxs("h1", {
        className: "visually-hidden",
        children: ["收藏集 · ", loaderData.typeTitle]
      }), /* @__PURE__ */ jsxs("section", {
        className: "list-card",
        children: [/* @__PURE__ */ jsx("header", {
          className: "list-header",
          children: /* @__PURE__ */ jsx(SortTabs, {
            sorts: SORTS$3,
            active: loaderData.sort,
            hrefFor: (sort) => sort === loaderData.defaultSort ? pathname : `${pathname}?sort=${sort}`
          })
        }), loaderData.collections.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
          title: "暂无收藏集",
          description: "还没有人创建收藏集"
        }) : /* @__PURE__ */ jsx("ul", {
          className: "entry-list",
          children: loaderData.collections.map((c) => /* @__PURE__ */ jsxs("li", {
            className: "entry-item",
            children: [/* @__PURE__ */ jsx("h2", {
              className: "entry-title",
              children: /* @__PURE__ */ jsx(Link, {
                to: `/collection/${c.id}`,
                children: c.title
              })
            }), /* @__PURE__ */ jsx("p", {
              className: "entry-abstract",
              children: c.description
            }), /* @__PURE__ */ jsxs("p", {
              className: "entry-stats",
              children: [/* @__PURE__ */ jsxs("span", {
                children: [c.entryCount, " 篇文章"]
              }), /* @__PURE__ */ jsxs("span", {
                children: [c.followerCount, " 人关注"]
              })]
            })]
          }, c.id))
        })]
      })]
    })]
  });
});
const route18 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: collectionIndex,
  loader: loader$r,
  meta: meta$o
}, Symbol.toStringTag, { value: "Module" }));
function loader$q({
  params
}) {
  return {
    id: requireRouteId(params.id),
    collection: null
  };
}
function meta$n({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.collection?.title ?? "收藏集");
}
const collectionDetail = UNSAFE_withComponentProps(function CollectionDetail() {
  return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知收藏集",
    message: "该收藏集不存在"
  });
});
const route19 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: collectionDetail,
  loader: loader$q,
  meta: meta$n
}, Symbol.toStringTag, { value: "Module" }));
function loader$p({
  request: request2
}) {
  const url = new URL(request2.url);
  const since = url.searchParams.get("since") ?? "daily";
  if (!isRepoSince(since)) notFound$1("没有这个时间范围的趋势榜");
  const lang = url.searchParams.get("lang") || "all";
  return {
    lang,
    since,
    repos: [],
    showcases: []
  };
}
const meta$m = ({
  matches
}) => titleMeta(matches, "开源库");
const repoIndex = UNSAFE_withComponentProps(function RepoIndex({
  loaderData
}) {
  const {
    lang,
    since
  } = loaderData;
  const navigate = useNavigate();
  const {
    siteName
  } = useShell();
  useEffect(() => saveRepoState({
    lang,
    since
  }), [lang, since]);
  const languages = REPO_LANGUAGES.includes(lang) ? REPO_LANGUAGES : [...REPO_LANGUAGES, lang];
  return /* @__PURE__ */ jsx(TwoColumn, {
    aside: /* @__PURE__ */ jsxs(Fragment, {
      children: [/* @__PURE__ */ jsx(SidebarCard, {
        title: "精选集",
        children: loaderData.showcases.length === 0 ? /* @__PURE__ */ jsx("p", {
          className: "sidebar-empty",
          children: "暂无精选集"
        }) : /* @__PURE__ */ jsx("ul", {
          className: "hot-list",
          children: loaderData.showcases.map((s) => /* @__PURE__ */ jsx("li", {
            children: s.title
          }, s.id))
        })
      }), /* @__PURE__ */ jsx(AppCard, {
        siteName
      }), /* @__PURE__ */ jsx(SidebarFooter, {
        siteName
      })]
    }),
    children: /* @__PURE__ */ jsxs("section", {
      className: "list-card",
      children: [/* @__PURE__ */ jsxs("header", {
        className: "list-header repo-filters",
        children: [/* @__PURE__ */ jsx("h1", {
          className: "list-title",
          children: "开源库 · 趋势榜"
        }), /* @__PURE__ */ jsx("nav", {
          className: "sort-tabs",
          "aria-label": "时间范围",
          children: REPO_SINCE.map((s) => /* @__PURE__ */ jsx(Link, {
            to: repoIndexUrl({
              lang,
              since: s.value
            }),
            className: s.value === since ? "sort-tab active" : "sort-tab",
            "aria-current": s.value === since ? "true" : void 0,
            children: s.title
          }, s.value))
        }), /* @__PURE__ */ jsxs("form", {
          method: "get",
          action: "/repos",
          className: "inline-form",
          children: [/* @__PURE__ */ jsx("label", {
            htmlFor: "repo-lang",
            className: "visually-hidden",
            children: "语言"
          }), /* @__PURE__ */ jsx("select", {
            id: "repo-lang",
            name: "lang",
            className: "select",
            value: lang,
            onChange: (event) => navigate(repoIndexUrl({
              lang: event.target.value,
              since
            })),
            children: languages.map((l) => /* @__PURE__ */ jsx("option", {
              value: l,
              children: l === "all" ? "全部语言" : l
            }, l))
          }), since !== "daily" ? /* @__PURE__ */ jsx("input", {
            type: "hidden",
            name: "since",
            value: since
          }) : null, /* @__PURE__ */ jsx("noscript", {
            children: /* @__PURE__ */ jsx("button", {
              type: "submit",
              className: "btn",
              children: "筛选"
            })
          })]
        })]
      }), loaderData.repos.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
        title: "暂无开源库",
        description: "趋势榜数据即将上线"
      }) : /* @__PURE__ */ jsx("ul", {
        className: "entry-list",
        children: loaderData.repos.map((repo) => /* @__PURE__ */ jsxs("li", {
          className: "entry-item",
          children: [/* @__PURE__ */ jsx("h2", {
            className: "entry-title",
            children: /* @__PURE__ */ jsx(Link, {
              to: `/repo/${repo.id}`,
              children: repo.name
            })
          }), /* @__PURE__ */ jsx("p", {
            className: "entry-abstract",
            children: repo.description
          }), /* @__PURE__ */ jsxs("p", {
            className: "entry-stats",
            children: [/* @__PURE__ */ jsx("span", {
              children: repo.language
            }), /* @__PURE__ */ jsxs("span", {
              children: ["★ ", repo.starCount]
            })]
          })]
        }, repo.id))
      })]
    })
  });
});
const route20 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: repoIndex,
  loader: loader$p,
  meta: meta$m
}, Symbol.toStringTag, { value: "Module" }));
function loader$o({
  params
}) {
  return {
    id: requireRouteId(params.id),
    repo: null
  };
}
function meta$l({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.repo?.name ?? "开源库");
}
const repoDetail = UNSAFE_withComponentProps(function RepoDetail() {
  return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知开源库",
    message: "该开源库不存在"
  });
});
const route21 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: repoDetail,
  loader: loader$o,
  meta: meta$l
}, Symbol.toStringTag, { value: "Module" }));
const SORTS$2 = ENTRY_SORTS.map((s) => s.value);
async function loader$n({
  context,
  params,
  request: request2
}) {
  const category = findCategory(BROWSE_CATEGORIES, params.category ?? "all");
  if (!category) notFound$1();
  const url = new URL(request2.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS$2, "popular");
  const pointer = url.searchParams.get("pointer");
  const feed = await loadFeed(context, {
    base: `/explore/${category.slug}`,
    sort,
    category: category.slug,
    pointer
  });
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    pointer,
    ...feed,
    ...await loadSidebar(context),
    now: Date.now()
  };
}
function meta$k({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData && loaderData.category !== "all" ? `${loaderData.categoryTitle} - 发现` : "发现");
}
const explore = UNSAFE_withComponentProps(function Explore({
  loaderData
}) {
  const {
    pathname
  } = useLocation();
  const {
    siteName
  } = useShell();
  return /* @__PURE__ */ jsx(FeedPage, {
    heading: `发现 · ${loaderData.categoryTitle}`,
    categories: BROWSE_CATEGORIES,
    category: loaderData.category,
    categoryHref: (slug) => `/explore/${slug}`,
    sorts: ENTRY_SORTS,
    sort: loaderData.sort,
    sortHref: sortHref(pathname, "popular"),
    entries: loaderData.entries,
    nextHref: loaderData.nextHref,
    firstHref: loaderData.firstHref,
    now: loaderData.now,
    emptyDescription: "这个分类下还没有文章",
    aside: /* @__PURE__ */ jsxs(Fragment, {
      children: [/* @__PURE__ */ jsx(TagCloudCard, {
        tags: loaderData.tags
      }), /* @__PURE__ */ jsx(AuthorListCard, {
        authors: loaderData.authors
      }), /* @__PURE__ */ jsx(AppCard, {
        siteName
      }), /* @__PURE__ */ jsx(SidebarFooter, {
        siteName
      })]
    })
  });
});
const route22 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: explore,
  loader: loader$n,
  meta: meta$k
}, Symbol.toStringTag, { value: "Module" }));
function RouteTabs({
  tabs,
  label
}) {
  return /* @__PURE__ */ jsx("nav", { className: "route-tabs", "aria-label": label, children: tabs.map((tab) => /* @__PURE__ */ jsx(
    NavLink,
    {
      to: tab.to,
      end: tab.end,
      className: ({ isActive }) => isActive ? "route-tab active" : "route-tab",
      children: tab.title
    },
    tab.to
  )) });
}
const TABS$3 = [{
  to: "/notification",
  title: "消息",
  end: true
}, {
  to: "/notification/system",
  title: "系统通知"
}];
function loader$m({
  context
}) {
  requireViewer(context);
  return null;
}
const layout$2 = UNSAFE_withComponentProps(function NotificationLayout() {
  return /* @__PURE__ */ jsx("div", {
    className: "container narrow",
    children: /* @__PURE__ */ jsxs("section", {
      className: "panel",
      children: [/* @__PURE__ */ jsx("h1", {
        className: "visually-hidden",
        children: "消息通知"
      }), /* @__PURE__ */ jsx(RouteTabs, {
        tabs: TABS$3,
        label: "通知类型"
      }), /* @__PURE__ */ jsx(Outlet, {})]
    })
  });
});
const route23 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: layout$2,
  loader: loader$m
}, Symbol.toStringTag, { value: "Module" }));
function loader$l({
  context
}) {
  requireViewer(context);
  return {
    notifications: []
  };
}
const meta$j = ({
  matches
}) => titleMeta(matches, "消息通知");
const userNotifications = UNSAFE_withComponentProps(function UserNotifications({
  loaderData
}) {
  if (loaderData.notifications.length === 0) {
    return /* @__PURE__ */ jsx(EmptyState, {
      title: "暂无消息",
      description: "有人赞了、评论或关注你时，会在这里通知你"
    });
  }
  return /* @__PURE__ */ jsx("ul", {
    className: "entry-list",
    children: loaderData.notifications.map((n) => /* @__PURE__ */ jsx("li", {
      className: "entry-item",
      children: n.content
    }, n.id))
  });
});
const route24 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: userNotifications,
  loader: loader$l,
  meta: meta$j
}, Symbol.toStringTag, { value: "Module" }));
function loader$k({
  context
}) {
  requireViewer(context);
  return {
    notifications: []
  };
}
const meta$i = ({
  matches
}) => titleMeta(matches, "系统通知");
const systemNotifications$1 = UNSAFE_withComponentProps(function SystemNotifications({
  loaderData
}) {
  if (loaderData.notifications.length === 0) {
    return /* @__PURE__ */ jsx(EmptyState, {
      title: "暂无系统通知"
    });
  }
  return /* @__PURE__ */ jsx("ul", {
    className: "entry-list",
    children: loaderData.notifications.map((n) => /* @__PURE__ */ jsx("li", {
      className: "entry-item",
      children: n.message
    }, n.id))
  });
});
const route25 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: systemNotifications$1,
  loader: loader$k,
  meta: meta$i
}, Symbol.toStringTag, { value: "Module" }));
const TABS$2 = [{
  to: "/user/settings/profile",
  title: "个人资料"
}, {
  to: "/user/settings/account",
  title: "账号设置"
}, {
  to: "/user/settings/password",
  title: "修改密码"
}, {
  to: "/user/settings/mail",
  title: "邮件设置"
}, {
  to: "/user/invitation",
  title: "邀请好友"
}];
function loader$j({
  context
}) {
  requireViewer(context);
  return null;
}
const layout$1 = UNSAFE_withComponentProps(function SettingsLayout() {
  return /* @__PURE__ */ jsx("div", {
    className: "container narrow",
    children: /* @__PURE__ */ jsxs("section", {
      className: "panel settings",
      children: [/* @__PURE__ */ jsx("h1", {
        className: "visually-hidden",
        children: "设置"
      }), /* @__PURE__ */ jsx(RouteTabs, {
        tabs: TABS$2,
        label: "设置"
      }), /* @__PURE__ */ jsx(Outlet, {})]
    })
  });
});
const route26 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: layout$1,
  loader: loader$j
}, Symbol.toStringTag, { value: "Module" }));
function loader$i({
  context
}) {
  requireViewer(context);
  throw redirect("/user/settings/profile");
}
const route27 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  loader: loader$i
}, Symbol.toStringTag, { value: "Module" }));
function checkAvatarUrl(value) {
  const v = value.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:" ? null : "头像地址必须以 http:// 或 https:// 开头";
  } catch {
    return "请输入正确的图片地址";
  }
}
function maxChars(limit, label) {
  return (value) => [...value.trim()].length > limit ? `${label}不能超过 ${limit} 个字符` : null;
}
const FIELDS = [{
  field: "username",
  label: "用户名",
  placeholder: "填写你的用户名",
  maxLength: LIMITS.usernameMax,
  check: checkUsername
}, {
  field: "jobTitle",
  label: "职位",
  placeholder: "填写你的职位",
  maxLength: LIMITS.jobTitleMax,
  check: maxChars(LIMITS.jobTitleMax, "职位")
}, {
  field: "company",
  label: "公司",
  placeholder: "填写你的公司",
  maxLength: LIMITS.companyMax,
  check: maxChars(LIMITS.companyMax, "公司")
}, {
  field: "selfDescription",
  label: "个人介绍",
  placeholder: "填写职业技能、擅长的事情、喜欢的事情等",
  maxLength: LIMITS.selfDescriptionMax,
  check: maxChars(LIMITS.selfDescriptionMax, "个人介绍"),
  multiline: true
}, {
  field: "blogAddress",
  label: "个人主页",
  placeholder: "填写你的个人主页",
  maxLength: LIMITS.blogAddressMax,
  check: checkBlogAddress,
  normalize: normalizeBlogAddress
}, {
  field: "avatarLarge",
  label: "头像地址",
  placeholder: "填写头像图片的网址（https://…）",
  maxLength: 500,
  check: checkAvatarUrl,
  normalize: (v) => v.trim()
}];
function loader$h({
  context
}) {
  const viewer = requireViewer(context);
  const values = {
    avatarLarge: viewer.avatarLarge,
    username: viewer.username,
    jobTitle: viewer.jobTitle,
    company: viewer.company,
    selfDescription: viewer.selfDescription,
    blogAddress: viewer.blogAddress
  };
  return {
    values
  };
}
const meta$h = ({
  matches
}) => titleMeta(matches, "个人资料");
const profile = UNSAFE_withComponentProps(function ProfileSettings({
  loaderData
}) {
  const [values, setValues] = useState(loaderData.values);
  const [editing, setEditing] = useState(null);
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-body",
    children: [/* @__PURE__ */ jsx("h2", {
      className: "settings-title",
      children: "个人资料"
    }), /* @__PURE__ */ jsxs("div", {
      className: "profile-avatar-row",
      children: [/* @__PURE__ */ jsx(Avatar, {
        user: {
          username: values.username,
          avatarLarge: values.avatarLarge
        },
        size: 72
      }), /* @__PURE__ */ jsx("p", {
        className: "settings-hint",
        children: "支持 jpg、png 格式的图片网址，头像上传即将上线"
      })]
    }), /* @__PURE__ */ jsx("dl", {
      className: "settings-list",
      children: FIELDS.map((spec) => /* @__PURE__ */ jsx(ProfileRow, {
        spec,
        value: values[spec.field],
        editing: editing === spec.field,
        onEdit: () => setEditing(spec.field),
        onCancel: () => setEditing(null),
        onSaved: (value) => {
          setValues((v) => ({
            ...v,
            [spec.field]: value
          }));
          setEditing(null);
        }
      }, spec.field))
    })]
  });
});
function ProfileRow({
  spec,
  value,
  editing,
  onEdit,
  onCancel,
  onSaved
}) {
  const {
    alert,
    refreshSession
  } = useShell();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const inputId = `profile-${spec.field}`;
  async function save(event) {
    event.preventDefault();
    const problem = spec.check?.(draft) ?? null;
    if (problem) return setError(problem);
    const next = spec.normalize ? spec.normalize(draft) : draft.trim();
    setBusy(true);
    try {
      await api.post("/api/v1/updateUserInfo", {
        field: spec.field,
        value: next
      });
      setError(null);
      onSaved(next);
      alert("保存成功", "success");
      refreshSession();
    } catch (e) {
      if (e instanceof ApiError && e.code === 10013) setError("用户名已被占用");
      else setError(errorMessage(e, "保存失败，请稍后重试"));
    } finally {
      setBusy(false);
    }
  }
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-row",
    children: [/* @__PURE__ */ jsx("dt", {
      className: "settings-label",
      children: editing ? /* @__PURE__ */ jsx("label", {
        htmlFor: inputId,
        children: spec.label
      }) : spec.label
    }), /* @__PURE__ */ jsx("dd", {
      className: "settings-value",
      children: editing ? /* @__PURE__ */ jsxs("form", {
        className: "settings-edit",
        onSubmit: save,
        noValidate: true,
        children: [spec.multiline ? /* @__PURE__ */ jsx("textarea", {
          id: inputId,
          className: "input textarea",
          value: draft,
          maxLength: spec.maxLength,
          placeholder: spec.placeholder,
          onChange: (event) => setDraft(event.target.value),
          "aria-invalid": error ? true : void 0,
          "aria-describedby": error ? `${inputId}-error` : void 0,
          autoFocus: true,
          rows: 3
        }) : /* @__PURE__ */ jsx("input", {
          id: inputId,
          className: "input",
          value: draft,
          maxLength: spec.maxLength,
          placeholder: spec.placeholder,
          onChange: (event) => setDraft(event.target.value),
          "aria-invalid": error ? true : void 0,
          "aria-describedby": error ? `${inputId}-error` : void 0,
          autoFocus: true
        }), error ? /* @__PURE__ */ jsx("p", {
          id: `${inputId}-error`,
          className: "field-error",
          role: "alert",
          children: error
        }) : null, /* @__PURE__ */ jsxs("div", {
          className: "settings-actions",
          children: [/* @__PURE__ */ jsx("button", {
            type: "submit",
            className: "btn btn-primary",
            disabled: busy,
            children: busy ? "保存中..." : "保存"
          }), /* @__PURE__ */ jsx("button", {
            type: "button",
            className: "btn",
            onClick: () => {
              setDraft(value);
              setError(null);
              onCancel();
            },
            children: "取消"
          })]
        })]
      }) : /* @__PURE__ */ jsxs("div", {
        className: "settings-show",
        children: [/* @__PURE__ */ jsx("span", {
          className: value ? "settings-text" : "settings-text muted",
          children: value || spec.placeholder
        }), /* @__PURE__ */ jsx("button", {
          type: "button",
          className: "link-button",
          onClick: () => {
            setDraft(value);
            onEdit();
          },
          "aria-label": `修改${spec.label}`,
          children: "修改"
        })]
      })
    })]
  });
}
const route28 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: profile,
  loader: loader$h,
  meta: meta$h
}, Symbol.toStringTag, { value: "Module" }));
function loader$g({
  context
}) {
  const viewer = requireViewer(context);
  return {
    phone: viewer.mobilePhoneNumber,
    phoneVerified: viewer.mobilePhoneVerified,
    email: viewer.email,
    emailVerified: viewer.emailVerified
  };
}
const meta$g = ({
  matches
}) => titleMeta(matches, "账号设置");
function maskPhone(phone) {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
const THIRD_PARTIES = [{
  channel: "weibo",
  title: "微博"
}, {
  channel: "wechat",
  title: "微信"
}, {
  channel: "github",
  title: "GitHub"
}];
const account = UNSAFE_withComponentProps(function AccountSettings({
  loaderData
}) {
  const {
    alert
  } = useShell();
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-body",
    children: [/* @__PURE__ */ jsx("h2", {
      className: "settings-title",
      children: "账号设置"
    }), /* @__PURE__ */ jsxs("dl", {
      className: "settings-list",
      children: [/* @__PURE__ */ jsx(PhoneRow, {
        phone: loaderData.phone
      }), /* @__PURE__ */ jsx(EmailRow, {
        email: loaderData.email,
        verified: loaderData.emailVerified
      })]
    }), /* @__PURE__ */ jsx("h2", {
      className: "settings-title",
      children: "第三方账号"
    }), /* @__PURE__ */ jsx("dl", {
      className: "settings-list",
      children: THIRD_PARTIES.map((party) => /* @__PURE__ */ jsxs("div", {
        className: "settings-row",
        children: [/* @__PURE__ */ jsx("dt", {
          className: "settings-label",
          children: party.title
        }), /* @__PURE__ */ jsx("dd", {
          className: "settings-value",
          children: /* @__PURE__ */ jsxs("div", {
            className: "settings-show",
            children: [/* @__PURE__ */ jsx("span", {
              className: "settings-text muted",
              children: "未绑定"
            }), /* @__PURE__ */ jsx("button", {
              type: "button",
              className: "link-button",
              onClick: () => alert(`暂未开放${party.title}账号绑定`, "info"),
              children: "绑定"
            })]
          })
        })]
      }, party.channel))
    })]
  });
});
function PhoneRow({
  phone
}) {
  const {
    alert,
    refreshSession
  } = useShell();
  const [binding, setBinding] = useState(false);
  const [confirmUnbind, setConfirmUnbind] = useState(false);
  const [busy, setBusy] = useState(false);
  async function unbind() {
    setBusy(true);
    try {
      await api.post("/api/v1/unbind", {
        phone: true
      });
      alert("手机号已解绑", "success");
      refreshSession();
    } catch (e) {
      alert(errorMessage(e, "解绑失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
      setConfirmUnbind(false);
    }
  }
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-row",
    children: [/* @__PURE__ */ jsx("dt", {
      className: "settings-label",
      children: "手机"
    }), /* @__PURE__ */ jsxs("dd", {
      className: "settings-value",
      children: [binding ? /* @__PURE__ */ jsx(BindPhoneForm, {
        onDone: () => {
          setBinding(false);
          refreshSession();
        },
        onCancel: () => setBinding(false)
      }) : /* @__PURE__ */ jsxs("div", {
        className: "settings-show",
        children: [/* @__PURE__ */ jsx("span", {
          className: phone ? "settings-text" : "settings-text muted",
          children: phone ? maskPhone(phone) : "未绑定"
        }), phone ? /* @__PURE__ */ jsx("button", {
          type: "button",
          className: "link-button",
          onClick: () => setConfirmUnbind(true),
          children: "解绑"
        }) : /* @__PURE__ */ jsx("button", {
          type: "button",
          className: "link-button",
          onClick: () => setBinding(true),
          children: "绑定"
        })]
      }), /* @__PURE__ */ jsx(ConfirmDialog, {
        open: confirmUnbind,
        title: "确定要解绑手机号吗？",
        message: "解绑后将不能再用该手机号登录。",
        confirmLabel: "解绑",
        busy,
        onConfirm: () => void unbind(),
        onCancel: () => setConfirmUnbind(false)
      })]
    })]
  });
}
function BindPhoneForm({
  onDone,
  onCancel
}) {
  const {
    alert
  } = useShell();
  const [phone, setPhone] = useState("");
  const [imageCode, setImageCode] = useState("");
  const [smsCode, setSmsCode] = useState("");
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);
  const sms = useSmsSender("bind", captcha);
  async function sendCode() {
    const result = await sms.send(phone, imageCode);
    if (result.ok) {
      setErrors({});
      alert("验证码已发送，请注意查收短信", "success");
    } else if (result.field) {
      setErrors({
        [result.field]: result.message
      });
    } else {
      setImageCode("");
      alert(result.message ?? "验证码发送失败", "error");
    }
  }
  async function submit(event) {
    event.preventDefault();
    const phoneError = checkPhone(phone);
    const smsError = checkSmsCode(smsCode);
    if (phoneError || smsError) return setErrors({
      phone: phoneError ?? void 0,
      smsCode: smsError ?? void 0
    });
    setBusy(true);
    try {
      await api.post("/api/v1/bindUserMobile", {
        phone: phone.trim(),
        smsCode: smsCode.trim()
      });
      alert("手机号绑定成功", "success");
      onDone();
    } catch (e) {
      setErrors({
        smsCode: errorMessage(e, "绑定失败，请稍后重试")
      });
    } finally {
      setBusy(false);
    }
  }
  return /* @__PURE__ */ jsxs("form", {
    className: "settings-edit",
    onSubmit: submit,
    noValidate: true,
    children: [/* @__PURE__ */ jsx(Field, {
      id: "bind-phone",
      name: "phone",
      label: "手机号",
      placeholder: "请输入手机号",
      inputMode: "tel",
      autoComplete: "tel",
      maxLength: 11,
      value: phone,
      onChange: (event) => {
        setPhone(event.target.value);
        setSmsCode("");
      },
      error: errors.phone,
      autoFocus: true
    }), /* @__PURE__ */ jsx(CaptchaField, {
      idPrefix: "bind",
      captcha,
      value: imageCode,
      onChange: setImageCode,
      error: errors.imageCode
    }), /* @__PURE__ */ jsx(Field, {
      id: "bind-sms",
      name: "smsCode",
      label: "短信验证码",
      placeholder: "请输入短信验证码",
      inputMode: "numeric",
      autoComplete: "one-time-code",
      maxLength: LIMITS.smsCodeInputMax,
      value: smsCode,
      onChange: (event) => setSmsCode(event.target.value),
      error: errors.smsCode,
      addon: /* @__PURE__ */ jsx("button", {
        type: "button",
        className: "btn btn-ghost sms-button",
        onClick: () => void sendCode(),
        disabled: sms.disabled,
        children: sms.label
      })
    }), /* @__PURE__ */ jsxs("div", {
      className: "settings-actions",
      children: [/* @__PURE__ */ jsx("button", {
        type: "submit",
        className: "btn btn-primary",
        disabled: busy,
        children: busy ? "绑定中..." : "绑定"
      }), /* @__PURE__ */ jsx("button", {
        type: "button",
        className: "btn",
        onClick: onCancel,
        children: "取消"
      })]
    })]
  });
}
function EmailRow({
  email,
  verified
}) {
  const {
    alert,
    refreshSession
  } = useShell();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(null);
  const [confirmUnbind, setConfirmUnbind] = useState(false);
  async function save(event) {
    event.preventDefault();
    const problem = checkEmail(draft);
    if (problem) return setError(problem);
    setBusy("save");
    try {
      await api.post("/api/v1/updateUserEmail", {
        email: draft.trim()
      });
      setEditing(false);
      setError(null);
      alert("邮箱已更新，请前往邮箱完成验证", "success");
      refreshSession();
    } catch (e) {
      setError(errorMessage(e, "保存失败，请稍后重试"));
    } finally {
      setBusy(null);
    }
  }
  async function resend() {
    if (!email) return;
    setBusy("send");
    try {
      await api.post("/api/v1/sendEmailToUser", {
        sendType: "verify",
        email
      });
      alert("验证邮件已发送，请查收邮件", "success");
    } catch (e) {
      alert(errorMessage(e, "发送失败，请稍后重试"), "error");
    } finally {
      setBusy(null);
    }
  }
  async function unbind() {
    setBusy("unbind");
    try {
      await api.post("/api/v1/unbind", {
        email: true
      });
      alert("邮箱已解绑", "success");
      refreshSession();
    } catch (e) {
      alert(errorMessage(e, "解绑失败，请稍后重试"), "error");
    } finally {
      setBusy(null);
      setConfirmUnbind(false);
    }
  }
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-row",
    children: [/* @__PURE__ */ jsx("dt", {
      className: "settings-label",
      children: editing ? /* @__PURE__ */ jsx("label", {
        htmlFor: "email-input",
        children: "邮箱"
      }) : "邮箱"
    }), /* @__PURE__ */ jsxs("dd", {
      className: "settings-value",
      children: [editing ? /* @__PURE__ */ jsxs("form", {
        className: "settings-edit",
        onSubmit: save,
        noValidate: true,
        children: [/* @__PURE__ */ jsx("input", {
          id: "email-input",
          className: "input",
          type: "email",
          autoComplete: "email",
          placeholder: "请输入邮箱",
          maxLength: LIMITS.accountInputMax,
          value: draft,
          onChange: (event) => setDraft(event.target.value),
          "aria-invalid": error ? true : void 0,
          "aria-describedby": error ? "email-input-error" : void 0,
          autoFocus: true
        }), error ? /* @__PURE__ */ jsx("p", {
          id: "email-input-error",
          className: "field-error",
          role: "alert",
          children: error
        }) : null, /* @__PURE__ */ jsxs("div", {
          className: "settings-actions",
          children: [/* @__PURE__ */ jsx("button", {
            type: "submit",
            className: "btn btn-primary",
            disabled: busy === "save",
            children: busy === "save" ? "保存中..." : "保存"
          }), /* @__PURE__ */ jsx("button", {
            type: "button",
            className: "btn",
            onClick: () => setEditing(false),
            children: "取消"
          })]
        })]
      }) : /* @__PURE__ */ jsxs("div", {
        className: "settings-show",
        children: [/* @__PURE__ */ jsx("span", {
          className: email ? "settings-text" : "settings-text muted",
          children: email ?? "未绑定"
        }), email ? /* @__PURE__ */ jsx("span", {
          className: verified ? "status-tag ok" : "status-tag warn",
          children: verified ? "已验证" : "未验证"
        }) : null, email && !verified ? /* @__PURE__ */ jsx("button", {
          type: "button",
          className: "link-button",
          onClick: () => void resend(),
          disabled: busy === "send",
          children: busy === "send" ? "发送中..." : "重新发送验证邮件"
        }) : null, /* @__PURE__ */ jsx("button", {
          type: "button",
          className: "link-button",
          onClick: () => {
            setDraft(email ?? "");
            setError(null);
            setEditing(true);
          },
          children: email ? "更换" : "绑定"
        }), email ? /* @__PURE__ */ jsx("button", {
          type: "button",
          className: "link-button",
          onClick: () => setConfirmUnbind(true),
          children: "解绑"
        }) : null]
      }), /* @__PURE__ */ jsx(ConfirmDialog, {
        open: confirmUnbind,
        title: "确定要解绑邮箱吗？",
        message: "解绑后将不能再用该邮箱登录或找回密码。",
        confirmLabel: "解绑",
        busy: busy === "unbind",
        onConfirm: () => void unbind(),
        onCancel: () => setConfirmUnbind(false)
      })]
    })]
  });
}
const route29 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: account,
  loader: loader$g,
  meta: meta$g
}, Symbol.toStringTag, { value: "Module" }));
function loader$f({
  context
}) {
  requireViewer(context);
  return null;
}
const meta$f = ({
  matches
}) => titleMeta(matches, "修改密码");
const password = UNSAFE_withComponentProps(function PasswordSettings() {
  const {
    alert
  } = useShell();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  async function submit(event) {
    event.preventDefault();
    const found = {};
    if (!current) found.current = MESSAGES.currentPasswordEmpty;
    const nextError = checkPassword(next);
    if (nextError) found.next = nextError;
    else {
      const confirmError = checkPasswordConfirm(next, confirm);
      if (confirmError) found.confirm = confirmError;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post("/api/v1/changePassword", {
        old_password: current,
        new_password: next
      });
      setCurrent("");
      setNext("");
      setConfirm("");
      alert("密码修改成功", "success");
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      if (field === "new_password") setErrors({
        next: errorMessage(e)
      });
      else if (field === "old_password" || e instanceof ApiError && (e.code === 401 || e.code === 400)) setErrors({
        current: errorMessage(e, "当前密码不正确")
      });
      else alert(errorMessage(e, "修改失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-body",
    children: [/* @__PURE__ */ jsx("h2", {
      className: "settings-title",
      children: "修改密码"
    }), /* @__PURE__ */ jsxs("form", {
      className: "stack-form",
      onSubmit: submit,
      noValidate: true,
      children: [/* @__PURE__ */ jsx(Field, {
        id: "password-current",
        name: "old_password",
        type: "password",
        label: "当前密码",
        autoComplete: "current-password",
        maxLength: LIMITS.passwordInputMax,
        value: current,
        onChange: (event) => setCurrent(event.target.value),
        error: errors.current
      }), /* @__PURE__ */ jsx(Field, {
        id: "password-new",
        name: "new_password",
        type: "password",
        label: "新密码",
        placeholder: `不少于 ${LIMITS.passwordMin} 位`,
        autoComplete: "new-password",
        maxLength: LIMITS.passwordInputMax,
        value: next,
        onChange: (event) => setNext(event.target.value),
        error: errors.next
      }), /* @__PURE__ */ jsx(Field, {
        id: "password-confirm",
        name: "confirm_password",
        type: "password",
        label: "确认新密码",
        autoComplete: "new-password",
        maxLength: LIMITS.passwordInputMax,
        value: confirm,
        onChange: (event) => setConfirm(event.target.value),
        error: errors.confirm
      }), /* @__PURE__ */ jsx("button", {
        type: "submit",
        className: "btn btn-primary",
        disabled: busy,
        children: busy ? "提交中..." : "修改密码"
      })]
    })]
  });
});
const route30 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: password,
  loader: loader$f,
  meta: meta$f
}, Symbol.toStringTag, { value: "Module" }));
function loader$e({
  context
}) {
  requireViewer(context);
  return null;
}
const meta$e = ({
  matches
}) => titleMeta(matches, "邮件设置");
const mail = UNSAFE_withComponentProps(function MailSettings() {
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-body",
    children: [/* @__PURE__ */ jsx("h2", {
      className: "settings-title",
      children: "邮件推送"
    }), /* @__PURE__ */ jsx(EmptyState, {
      title: "邮件推送设置即将上线",
      description: "届时可以设置是否接收关注提醒、文章推荐和每周精选邮件"
    })]
  });
});
const route31 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: mail,
  loader: loader$e,
  meta: meta$e
}, Symbol.toStringTag, { value: "Module" }));
function loader$d({
  context
}) {
  requireViewer(context);
  return null;
}
const meta$d = ({
  matches
}) => titleMeta(matches, "邀请好友");
const invitation = UNSAFE_withComponentProps(function Invitation() {
  return /* @__PURE__ */ jsxs("div", {
    className: "settings-body",
    children: [/* @__PURE__ */ jsx("h2", {
      className: "settings-title",
      children: "邀请好友"
    }), /* @__PURE__ */ jsx(EmptyState, {
      title: "邀请功能即将上线",
      description: "届时可以通过邮件邀请朋友加入社区"
    })]
  });
});
const route32 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: invitation,
  loader: loader$d,
  meta: meta$d
}, Symbol.toStringTag, { value: "Module" }));
function loader$c({
  context
}) {
  const viewer = requireViewer(context);
  return {
    hasWallet: viewer.hasWalletAccess,
    amount: 0,
    bills: []
  };
}
const meta$c = ({
  matches
}) => titleMeta(matches, "钱包");
const wallet = UNSAFE_withComponentProps(function Wallet({
  loaderData
}) {
  if (!loaderData.hasWallet) {
    return /* @__PURE__ */ jsx(PageSection, {
      title: "钱包",
      narrow: true,
      children: /* @__PURE__ */ jsx(EmptyState, {
        title: "暂未开通钱包",
        description: "钱包仅对小册作者等收入用户开放"
      })
    });
  }
  return /* @__PURE__ */ jsxs(PageSection, {
    title: "钱包",
    narrow: true,
    children: [/* @__PURE__ */ jsxs("div", {
      className: "wallet-balance",
      children: [/* @__PURE__ */ jsx("span", {
        className: "wallet-label",
        children: "余额（元）"
      }), /* @__PURE__ */ jsx("strong", {
        className: "wallet-amount",
        children: loaderData.amount.toFixed(2)
      })]
    }), /* @__PURE__ */ jsx("h2", {
      className: "settings-title",
      children: "账单"
    }), /* @__PURE__ */ jsx(EmptyState, {
      title: "暂无账单"
    })]
  });
});
const route33 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: wallet,
  loader: loader$c,
  meta: meta$c
}, Symbol.toStringTag, { value: "Module" }));
const TABS$1 = [{
  type: "",
  title: "专栏"
}, {
  type: "share",
  title: "分享"
}, {
  type: "like",
  title: "赞"
}, {
  type: "collection",
  title: "收藏集"
}, {
  type: "tag",
  title: "关注标签"
}, {
  type: "book",
  title: "小册",
  author: true
}, {
  type: "bought",
  title: "已购",
  author: true,
  self: true
}];
const TYPES = ["article", ...TABS$1.map((t) => t.type).filter(Boolean)];
function loader$b({
  context,
  params
}) {
  const id = requireRouteId(params.id);
  const type = params.type ?? "";
  if (type && !TYPES.includes(type)) notFound$1();
  const viewer = context.viewer;
  const self = viewer?.id === id;
  const user = self && viewer ? {
    ...viewer
  } : null;
  if (user && (type === "book" || type === "bought") && !user.isXiaoceAuthor) notFound$1();
  if (type === "bought" && !self) notFound$1();
  return {
    id,
    type: type === "article" ? "" : type,
    self,
    user
  };
}
function meta$b({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.user ? `${loaderData.user.username} 的个人主页` : "未知用户");
}
const userProfile = UNSAFE_withComponentProps(function UserProfile({
  loaderData
}) {
  const {
    user,
    type,
    self,
    id
  } = loaderData;
  if (!user) {
    return /* @__PURE__ */ jsx(MissingContent, {
      title: "未知用户",
      message: "该用户不存在"
    });
  }
  const tabs = TABS$1.filter((tab) => (!("author" in tab) || user.isXiaoceAuthor) && (!("self" in tab) || self));
  const current = tabs.find((tab) => tab.type === type) ?? tabs[0];
  return /* @__PURE__ */ jsxs(TwoColumn, {
    aside: /* @__PURE__ */ jsx(SidebarCard, {
      title: "个人成就",
      children: /* @__PURE__ */ jsxs("dl", {
        className: "stat-row",
        children: [/* @__PURE__ */ jsxs("div", {
          children: [/* @__PURE__ */ jsx("dt", {
            children: "关注了"
          }), /* @__PURE__ */ jsx("dd", {
            children: formatCount(user.followeesCount)
          })]
        }), /* @__PURE__ */ jsxs("div", {
          children: [/* @__PURE__ */ jsx("dt", {
            children: "关注者"
          }), /* @__PURE__ */ jsx("dd", {
            children: formatCount(user.followersCount)
          })]
        })]
      })
    }),
    children: [/* @__PURE__ */ jsxs("section", {
      className: "panel profile-head",
      children: [/* @__PURE__ */ jsx(Avatar, {
        user,
        size: 90
      }), /* @__PURE__ */ jsxs("div", {
        className: "profile-info",
        children: [/* @__PURE__ */ jsx("h1", {
          className: "profile-name",
          children: user.username
        }), user.jobTitle || user.company ? /* @__PURE__ */ jsx("p", {
          className: "profile-job",
          children: [user.jobTitle, user.company].filter(Boolean).join(" @ ")
        }) : null, user.selfDescription ? /* @__PURE__ */ jsx("p", {
          className: "profile-desc",
          children: user.selfDescription
        }) : null]
      }), self ? /* @__PURE__ */ jsx(Link, {
        to: "/user/settings/profile",
        className: "btn profile-edit",
        children: "编辑个人资料"
      }) : null]
    }), /* @__PURE__ */ jsxs("section", {
      className: "list-card",
      children: [/* @__PURE__ */ jsx("nav", {
        className: "sort-tabs profile-tabs",
        "aria-label": "个人主页",
        children: tabs.map((tab) => /* @__PURE__ */ jsx(Link, {
          to: tab.type ? `/user/${id}/${tab.type}` : `/user/${id}`,
          className: tab === current ? "sort-tab active" : "sort-tab",
          "aria-current": tab === current ? "page" : void 0,
          children: tab.title
        }, tab.type))
      }), /* @__PURE__ */ jsx(EmptyState, {
        title: "暂无内容",
        description: `还没有${current.title}内容`
      })]
    })]
  });
});
const route34 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: userProfile,
  loader: loader$b,
  meta: meta$b
}, Symbol.toStringTag, { value: "Module" }));
const TABS = [{
  to: "/subscribe/subscribed",
  title: "已关注标签"
}, {
  to: "/subscribe/all",
  title: "全部标签"
}];
const layout = UNSAFE_withComponentProps(function SubscribeLayout() {
  return /* @__PURE__ */ jsx("div", {
    className: "container",
    children: /* @__PURE__ */ jsxs("section", {
      className: "panel",
      children: [/* @__PURE__ */ jsx("h1", {
        className: "visually-hidden",
        children: "标签管理"
      }), /* @__PURE__ */ jsx(RouteTabs, {
        tabs: TABS,
        label: "标签管理"
      }), /* @__PURE__ */ jsx(Outlet, {})]
    })
  });
});
const route35 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: layout
}, Symbol.toStringTag, { value: "Module" }));
function loader$a() {
  throw redirect("/subscribe/subscribed");
}
const route36 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  loader: loader$a
}, Symbol.toStringTag, { value: "Module" }));
const PAGE_SIZE$1 = 40;
const pageHref = (page) => `/subscribe/subscribed?page=${page}`;
async function loader$9({
  context,
  request: request2
}) {
  const viewer = requireViewer(context);
  const page = pageParam(new URL(request2.url).searchParams.get("page"));
  const result = await context.services.tags.subscribedBy(viewer.id, {
    page,
    pageSize: PAGE_SIZE$1
  }, context.caller);
  return {
    tags: result.list,
    total: result.total,
    page,
    prevHref: page > 1 ? pageHref(page - 1) : null,
    nextHref: result.canNext ? pageHref(page + 1) : null
  };
}
const meta$a = ({
  matches
}) => titleMeta(matches, "已关注标签");
const subscribed = UNSAFE_withComponentProps(function Subscribed({
  loaderData
}) {
  const {
    tags: tags2,
    total,
    page
  } = loaderData;
  if (tags2.length === 0 && page === 1) {
    return /* @__PURE__ */ jsx(EmptyState, {
      title: "你还没有关注任何标签",
      description: "关注标签后，首页「关注」会推荐相关文章",
      children: /* @__PURE__ */ jsx(Link, {
        to: "/subscribe/all",
        className: "btn btn-primary",
        children: "去看看全部标签"
      })
    });
  }
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [/* @__PURE__ */ jsxs("p", {
      className: "tag-list-summary",
      children: ["共关注 ", total, " 个标签"]
    }), tags2.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
      title: "没有更多标签了",
      children: /* @__PURE__ */ jsx(Link, {
        to: pageHref(1),
        className: "btn",
        children: "回到第一页"
      })
    }) : /* @__PURE__ */ jsx(TagCardGrid, {
      tags: tags2,
      label: "已关注的标签"
    }), /* @__PURE__ */ jsx(NumberedPager, {
      page,
      prevHref: loaderData.prevHref,
      nextHref: loaderData.nextHref
    })]
  });
});
const route37 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: subscribed,
  loader: loader$9,
  meta: meta$a
}, Symbol.toStringTag, { value: "Module" }));
const SORTS$1 = [{
  value: "hottest",
  title: "最热"
}, {
  value: "newest",
  title: "最新"
}];
const PAGE_SIZE = 40;
function allTagsHref(sort, page, query) {
  return `/subscribe/all?sort=${sort}&page=${page}${query ? `&query=${encodeURIComponent(query)}` : ""}`;
}
async function loader$8({
  context,
  request: request2
}) {
  const url = new URL(request2.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS$1.map((s) => s.value), "hottest");
  const query = (url.searchParams.get("query") ?? "").trim().slice(0, LIMITS.searchMax);
  const page = pageParam(url.searchParams.get("page"));
  const type = tagListType(sort);
  const result = query ? await context.services.tags.search({
    type,
    text: query,
    page,
    pageSize: PAGE_SIZE
  }, context.caller) : await context.services.tags.list({
    type,
    page,
    pageSize: PAGE_SIZE
  }, context.caller);
  return {
    sort,
    query,
    page,
    tags: result.list,
    prevHref: page > 1 ? allTagsHref(sort, page - 1, query) : null,
    nextHref: result.canNext ? allTagsHref(sort, page + 1, query) : null
  };
}
const meta$9 = ({
  matches
}) => titleMeta(matches, "全部标签");
const all = UNSAFE_withComponentProps(function AllTags({
  loaderData
}) {
  const {
    sort,
    query,
    page,
    tags: tags2
  } = loaderData;
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [/* @__PURE__ */ jsxs("div", {
      className: "toolbar",
      children: [/* @__PURE__ */ jsx("nav", {
        className: "sort-tabs",
        "aria-label": "排序",
        children: SORTS$1.map((s) => /* @__PURE__ */ jsx(Link, {
          to: allTagsHref(s.value, 1, query),
          className: s.value === sort ? "sort-tab active" : "sort-tab",
          "aria-current": s.value === sort ? "true" : void 0,
          children: s.title
        }, s.value))
      }), /* @__PURE__ */ jsxs(Form, {
        method: "get",
        className: "inline-form",
        role: "search",
        children: [/* @__PURE__ */ jsx("input", {
          type: "hidden",
          name: "sort",
          value: sort
        }), /* @__PURE__ */ jsx("input", {
          type: "hidden",
          name: "page",
          value: "1"
        }), /* @__PURE__ */ jsx("label", {
          htmlFor: "tag-search",
          className: "visually-hidden",
          children: "搜索标签"
        }), /* @__PURE__ */ jsx("input", {
          id: "tag-search",
          className: "input",
          type: "search",
          name: "query",
          placeholder: "搜索标签",
          maxLength: LIMITS.searchMax,
          defaultValue: query
        }, query), /* @__PURE__ */ jsx("button", {
          type: "submit",
          className: "btn",
          children: "搜索"
        })]
      })]
    }), tags2.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
      title: query ? `没有找到与“${query}”相关的标签` : page > 1 ? "没有更多标签了" : "暂无标签",
      children: page > 1 ? /* @__PURE__ */ jsx(Link, {
        to: allTagsHref(sort, 1, query),
        className: "btn",
        children: "回到第一页"
      }) : null
    }) : /* @__PURE__ */ jsx(TagCardGrid, {
      tags: tags2,
      label: query ? `与“${query}”相关的标签` : "全部标签"
    }), /* @__PURE__ */ jsx(NumberedPager, {
      page,
      prevHref: loaderData.prevHref,
      nextHref: loaderData.nextHref
    })]
  });
});
const route38 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: all,
  loader: loader$8,
  meta: meta$9
}, Symbol.toStringTag, { value: "Module" }));
const SORTS = ENTRY_SORTS.map((s) => s.value);
async function loader$7({
  context,
  params,
  request: request2
}) {
  const title = params.title.trim();
  if (!title || title.length > 50) notFound$1("标签不存在");
  const url = new URL(request2.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS, "popular");
  const pointer = url.searchParams.get("pointer");
  let feed;
  try {
    feed = await context.services.tags.feed({
      title,
      sort,
      pointer
    }, context.caller);
  } catch (err) {
    if (isAppError(err) && err.code < 500) notFound$1(err.code === 404 ? "标签不存在" : void 0);
    throw err;
  }
  const base = tagHref(feed.tag.title);
  return {
    tag: feed.tag,
    sort,
    entries: feed.list,
    nextHref: feed.canNext && feed.pointer ? `${base}?sort=${encodeURIComponent(sort)}&pointer=${encodeURIComponent(feed.pointer)}` : null,
    firstHref: pointer ? `${base}?sort=${encodeURIComponent(sort)}` : null,
    now: Date.now()
  };
}
function meta$8({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData ? `${loaderData.tag.title} 标签` : "标签", {
    description: loaderData ? `${loaderData.tag.title} 标签下的技术文章` : void 0
  });
}
const tag = UNSAFE_withComponentProps(function Tag({
  loaderData
}) {
  const {
    pathname
  } = useLocation();
  const {
    tag: tag2
  } = loaderData;
  const subscription = useTagSubscription(tag2);
  return /* @__PURE__ */ jsxs(TwoColumn, {
    children: [/* @__PURE__ */ jsxs("section", {
      className: "panel tag-head",
      "aria-labelledby": "tag-title",
      children: [/* @__PURE__ */ jsx(TagIcon, {
        tag: tag2,
        size: 56
      }), /* @__PURE__ */ jsxs("div", {
        className: "tag-head-info",
        children: [/* @__PURE__ */ jsx("h1", {
          className: "panel-title",
          id: "tag-title",
          children: tag2.title
        }), /* @__PURE__ */ jsxs("p", {
          className: "tag-stats",
          children: [formatCount(subscription.count), " 关注 · ", formatCount(tag2.entriesCount), " 文章"]
        })]
      }), /* @__PURE__ */ jsx(SubscribeButton, {
        subscription,
        title: tag2.title
      })]
    }), /* @__PURE__ */ jsxs("section", {
      className: "list-card",
      "aria-label": `${tag2.title} 的文章`,
      children: [/* @__PURE__ */ jsx("header", {
        className: "list-header",
        children: /* @__PURE__ */ jsx(SortTabs, {
          sorts: ENTRY_SORTS,
          active: loaderData.sort,
          hrefFor: sortHref(pathname, "popular")
        })
      }), /* @__PURE__ */ jsx(EntryList, {
        entries: loaderData.entries,
        now: loaderData.now,
        emptyTitle: loaderData.firstHref ? "没有更多了" : "暂无内容",
        emptyDescription: "这个标签下还没有文章"
      }), (loaderData.nextHref || loaderData.firstHref) && /* @__PURE__ */ jsxs("nav", {
        className: "list-pager",
        "aria-label": "翻页",
        children: [loaderData.firstHref ? /* @__PURE__ */ jsx(Link, {
          to: loaderData.firstHref,
          children: "回到第一页"
        }) : /* @__PURE__ */ jsx("span", {}), loaderData.nextHref ? /* @__PURE__ */ jsx(Link, {
          to: loaderData.nextHref,
          rel: "next",
          children: "下一页"
        }) : /* @__PURE__ */ jsx("span", {
          className: "list-pager-end",
          children: "没有更多了"
        })]
      })]
    })]
  });
});
const route39 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: tag,
  loader: loader$7,
  meta: meta$8
}, Symbol.toStringTag, { value: "Module" }));
const idColumn = () => char({ length: 24 }).primaryKey();
const ref = () => char({ length: 24 });
const instant = () => timestamp({ withTimezone: true, mode: "date", precision: 3 });
const createdAt = () => instant().notNull().defaultNow();
const updatedAt = () => instant().notNull().defaultNow();
const counter = () => integer().notNull().default(0);
const users = pgTable(
  "users",
  {
    id: idColumn(),
    username: varchar({ length: 20 }).notNull(),
    selfDescription: text().notNull().default(""),
    avatarLarge: text().notNull().default(""),
    /** user | editor | admin; "guest" exists only on the unknown-user placeholder. */
    role: varchar({ length: 16 }).notNull().default("user"),
    email: varchar({ length: 254 }),
    emailVerified: boolean().notNull().default(false),
    mobilePhoneNumber: varchar({ length: 20 }),
    mobilePhoneVerified: boolean().notNull().default(false),
    passwordHash: text(),
    /** Login answers 410 until the password is reset (spec §8): set for accounts at risk. */
    passwordResetRequired: boolean().notNull().default(false),
    jobTitle: varchar({ length: 50 }).notNull().default(""),
    company: varchar({ length: 50 }).notNull().default(""),
    blogAddress: varchar({ length: 200 }).notNull().default(""),
    deviceType: varchar({ length: 16 }).notNull().default("web"),
    isXiaoceAuthor: boolean().notNull().default(false),
    hasWalletAccess: boolean().notNull().default(false),
    editorType: varchar({ length: 16 }).notNull().default("markdown"),
    weeklyEmail: boolean().notNull().default(true),
    allowNotification: boolean().notNull().default(true),
    blacklist: boolean().notNull().default(false),
    notificationCheckedAt: timestamp({ withTimezone: true, mode: "date" }),
    latestLoginedInAt: timestamp({ withTimezone: true, mode: "date" }),
    followeesCount: counter(),
    followersCount: counter(),
    postedPostsCount: counter(),
    postedEntriesCount: counter(),
    collectedEntriesCount: counter(),
    subscribedTagsCount: counter(),
    viewedEntriesCount: counter(),
    totalCollectionsCount: counter(),
    commentsCount: counter(),
    bookletCount: counter(),
    purchasedBookletCount: counter(),
    totalHotIndex: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_mobile_key").on(t.mobilePhoneNumber),
    // User search (pg_trgm) and the recommended-authors list (most total heat first).
    index("users_username_trgm_idx").using("gin", sql`${t.username} gin_trgm_ops`),
    index("users_hot_idx").on(t.totalHotIndex, t.id)
  ]
);
pgTable(
  "sessions",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    clientId: varchar({ length: 64 }).notNull(),
    tokenHash: char({ length: 64 }).notNull(),
    userAgent: text().notNull().default(""),
    ip: varchar({ length: 64 }).notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull()
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)]
);
pgTable(
  "third_party_bindings",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    channel: varchar({ length: 16 }).notNull(),
    externalUid: varchar({ length: 128 }).notNull(),
    username: varchar({ length: 128 }).notNull().default(""),
    nickname: varchar({ length: 128 }).notNull().default(""),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex("bindings_channel_uid_key").on(t.channel, t.externalUid),
    uniqueIndex("bindings_user_channel_key").on(t.userId, t.channel)
  ]
);
pgTable(
  "verification_codes",
  {
    id: idColumn(),
    purpose: varchar({ length: 16 }).notNull(),
    /** The phone number or e-mail address the code was sent to. */
    target: varchar({ length: 254 }).notNull(),
    userId: ref().references(() => users.id, { onDelete: "cascade" }),
    codeHash: char({ length: 64 }).notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: createdAt()
  },
  (t) => [
    index("verification_target_idx").on(t.purpose, t.target, t.createdAt),
    index("verification_code_idx").on(t.codeHash)
  ]
);
const categories = pgTable("categories", {
  /** Fixed 24-hex ids so URLs and seeds agree across databases. */
  id: idColumn(),
  /** URL name: android, frontend, ios, backend, design, product, freebie, article, ai. */
  name: varchar({ length: 32 }).notNull().unique(),
  /** Chinese display title: 前端, 后端 … */
  title: varchar({ length: 32 }).notNull(),
  order: integer().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt()
});
const tags = pgTable(
  "tags",
  {
    id: idColumn(),
    title: varchar({ length: 50 }).notNull(),
    icon: text().notNull().default(""),
    /** The category a built-in tag belongs to (suggestions per category); null for user-made tags. */
    categoryId: ref().references(() => categories.id, { onDelete: "set null" }),
    /** Published, not deleted entries carrying the tag. */
    entriesCount: counter(),
    subscribersCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    uniqueIndex("tags_title_key").on(sql`lower(${t.title})`),
    index("tags_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    // "hot" tag lists sort by subscribers, "new" ones by creation time.
    index("tags_subscribers_idx").on(t.subscribersCount, t.id),
    index("tags_created_idx").on(t.createdAt, t.id),
    index("tags_category_idx").on(t.categoryId, t.subscribersCount)
  ]
);
const entries = pgTable(
  "entries",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    categoryId: ref().notNull().references(() => categories.id, { onDelete: "restrict" }),
    type: varchar({ length: 16 }).notNull().default("article"),
    title: varchar({ length: 256 }).notNull(),
    /** Markdown. */
    content: text().notNull().default(""),
    originalUrl: text().notNull().default(""),
    screenshot: text().notNull().default(""),
    /** The abstract (summaryInfo): plain text, whitespace collapsed. */
    summary: text().notNull().default(""),
    /** Recommended by an editor or admin (the spec's hot 0/1; present it as a number). */
    hot: boolean().notNull().default(false),
    /** The four flags of `extra` (vote|original|gfw|english). */
    vote: boolean().notNull().default(false),
    original: boolean().notNull().default(false),
    gfw: boolean().notNull().default(false),
    english: boolean().notNull().default(false),
    /** See db/heat.ts for both formulas. */
    hotIndex: doublePrecision().notNull().default(0),
    rankIndex: doublePrecision().notNull().default(0),
    /** Null until the first comment: the comment-sort feed filters `latestCommentAt IS NOT NULL`. */
    latestCommentAt: instant(),
    /** Likes (the spec uses one field for both). */
    collectionCount: counter(),
    /** Comments and replies, not deleted. */
    commentsCount: counter(),
    /** entry_views rows. */
    viewsCount: counter(),
    /** published | draft */
    status: varchar({ length: 16 }).notNull().default("published"),
    deletedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    check("entries_type_check", sql`${t.type} in ('article', 'post', 'vote', 'others')`),
    check("entries_status_check", sql`${t.status} in ('published', 'draft')`),
    // Feeds of spec §4: pointer = rankIndex (popular), createdAt (newest), hotIndex (hottest,
    // weekly/monthly within a createdAt range), latestCommentAt (comment sort); id breaks ties.
    index("entries_rank_idx").on(t.rankIndex, t.id),
    index("entries_created_idx").on(t.createdAt, t.id),
    index("entries_hot_idx").on(t.hotIndex, t.id),
    index("entries_comment_idx").on(t.latestCommentAt, t.id),
    index("entries_category_rank_idx").on(t.categoryId, t.rankIndex, t.id),
    index("entries_category_created_idx").on(t.categoryId, t.createdAt, t.id),
    index("entries_category_hot_idx").on(t.categoryId, t.hotIndex, t.id),
    index("entries_category_comment_idx").on(t.categoryId, t.latestCommentAt, t.id),
    // Column index (/zhuanlan) lists posts; by_self lists one user's posts or articles.
    index("entries_type_created_idx").on(t.type, t.createdAt, t.id),
    index("entries_type_rank_idx").on(t.type, t.rankIndex, t.id),
    index("entries_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("entries_user_rank_idx").on(t.userId, t.rankIndex, t.id),
    // get_entry_by_url: a hash index because URLs can exceed the btree row limit.
    index("entries_original_url_idx").using("hash", t.originalUrl)
  ]
);
pgTable(
  "entry_tags",
  {
    entryId: ref().notNull().references(() => entries.id, { onDelete: "cascade" }),
    tagId: ref().notNull().references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.tagId] }),
    // Tag pages: entry ids are time-ordered, so (tagId, entryId) scanned backward is "newest".
    index("entry_tags_tag_idx").on(t.tagId, t.entryId)
  ]
);
pgTable(
  "entry_likes",
  {
    entryId: ref().notNull().references(() => entries.id, { onDelete: "cascade" }),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.userId] }),
    // /entry/{id}/user (likers) and /user/{id}/like/entry (liked entries), newest first.
    index("entry_likes_entry_created_idx").on(t.entryId, t.createdAt),
    index("entry_likes_user_created_idx").on(t.userId, t.createdAt)
  ]
);
pgTable(
  "entry_views",
  {
    id: idColumn(),
    entryId: ref().notNull().references(() => entries.id, { onDelete: "cascade" }),
    userId: ref().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    index("entry_views_entry_idx").on(t.entryId),
    index("entry_views_user_created_idx").on(t.userId, t.createdAt)
  ]
);
const voteOptions = pgTable(
  "vote_options",
  {
    id: idColumn(),
    entryId: ref().notNull().references(() => entries.id, { onDelete: "cascade" }),
    title: varchar({ length: 200 }).notNull(),
    order: integer().notNull().default(0),
    /** vote_answers rows choosing this option. */
    votesCount: counter()
  },
  (t) => [index("vote_options_entry_idx").on(t.entryId, t.order)]
);
pgTable(
  "vote_answers",
  {
    id: idColumn(),
    entryId: ref().notNull().references(() => entries.id, { onDelete: "cascade" }),
    optionId: ref().notNull().references(() => voteOptions.id, { onDelete: "cascade" }),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    content: text().notNull().default(""),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex("vote_answers_entry_user_key").on(t.entryId, t.userId),
    index("vote_answers_entry_created_idx").on(t.entryId, t.createdAt, t.id),
    index("vote_answers_option_idx").on(t.optionId),
    index("vote_answers_user_idx").on(t.userId)
  ]
);
const comments = pgTable(
  "comments",
  {
    id: idColumn(),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: ref().notNull(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Trimmed plain text. */
    content: text().notNull(),
    /** imageUrlList (picList). */
    picList: text().array().notNull().default(sql`'{}'::text[]`),
    /** The root comment of a reply; null on a root comment. */
    firstCommentId: ref().references(() => comments.id, { onDelete: "cascade" }),
    respCommentId: ref().references(() => comments.id, { onDelete: "set null" }),
    respUserId: ref().references(() => users.id, { onDelete: "set null" }),
    /** comment_likes rows. */
    likesCount: counter(),
    /** Replies under a root comment, not deleted (replyCount). */
    subCommentCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant()
  },
  (t) => [
    check("comments_target_type_check", sql`${t.targetType} in ('entry', 'booklet', 'repo', 'pin')`),
    // Comment lists page by createdAt (startTime) per target; replies per root comment.
    index("comments_target_created_idx").on(t.targetType, t.targetId, t.createdAt, t.id),
    index("comments_first_created_idx").on(t.firstCommentId, t.createdAt, t.id),
    index("comments_user_created_idx").on(t.userId, t.createdAt),
    index("comments_resp_comment_idx").on(t.respCommentId)
  ]
);
pgTable(
  "comment_likes",
  {
    commentId: ref().notNull().references(() => comments.id, { onDelete: "cascade" }),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_likes_user_idx").on(t.userId)]
);
const pins = pgTable(
  "pins",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    content: text().notNull(),
    imageUrlList: text().array().notNull().default(sql`'{}'::text[]`),
    /** Comments and replies with targetType pin, not deleted. */
    commentCount: counter(),
    /** pin_likes rows. */
    likeCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant()
  },
  (t) => [
    index("pins_created_idx").on(t.createdAt, t.id),
    index("pins_user_created_idx").on(t.userId, t.createdAt, t.id)
  ]
);
pgTable(
  "pin_likes",
  {
    pinId: ref().notNull().references(() => pins.id, { onDelete: "cascade" }),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [primaryKey({ columns: [t.pinId, t.userId] }), index("pin_likes_user_idx").on(t.userId)]
);
pgTable(
  "follows",
  {
    followerId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    followeeId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    check("follows_not_self_check", sql`${t.followerId} <> ${t.followeeId}`),
    index("follows_follower_created_idx").on(t.followerId, t.createdAt),
    index("follows_followee_created_idx").on(t.followeeId, t.createdAt)
  ]
);
pgTable(
  "tag_subscriptions",
  {
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    tagId: ref().notNull().references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tagId] }),
    index("tag_subscriptions_user_created_idx").on(t.userId, t.createdAt),
    index("tag_subscriptions_tag_idx").on(t.tagId)
  ]
);
pgTable(
  "notifications",
  {
    id: idColumn(),
    /** The recipient. */
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    type: varchar({ length: 16 }).notNull(),
    actorIds: char({ length: 24 }).array().notNull().default(sql`'{}'::char(24)[]`),
    entryId: ref().references(() => entries.id, { onDelete: "cascade" }),
    commentId: ref().references(() => comments.id, { onDelete: "cascade" }),
    replyId: ref().references(() => comments.id, { onDelete: "cascade" }),
    content: text().notNull().default(""),
    /** The spec's `check`: read by the recipient. */
    checked: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    check(
      "notifications_type_check",
      sql`${t.type} in ('like', 'comment', 'reply', 'follow', 'submitEntry', 'system')`
    ),
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    // Unread counts read only the unchecked rows.
    index("notifications_unread_idx").on(t.userId).where(sql`not ${t.checked}`),
    index("notifications_entry_idx").on(t.entryId),
    index("notifications_comment_idx").on(t.commentId),
    index("notifications_reply_idx").on(t.replyId)
  ]
);
const systemNotifications = pgTable(
  "system_notifications",
  {
    id: idColumn(),
    message: text().notNull(),
    createdAt: createdAt()
  },
  (t) => [index("system_notifications_created_idx").on(t.createdAt, t.id)]
);
pgTable(
  "system_notification_reads",
  {
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    systemNotificationId: ref().notNull().references(() => systemNotifications.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.systemNotificationId] }),
    index("system_notification_reads_notification_idx").on(t.systemNotificationId)
  ]
);
pgTable(
  "invitations",
  {
    id: idColumn(),
    code: varchar({ length: 32 }).notNull().unique(),
    senderId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    receiverName: varchar({ length: 50 }).notNull().default(""),
    receiverEmail: varchar({ length: 254 }).notNull().default(""),
    usedById: ref().references(() => users.id, { onDelete: "set null" }),
    usedAt: instant(),
    createdAt: createdAt()
  },
  (t) => [index("invitations_sender_created_idx").on(t.senderId, t.createdAt)]
);
pgTable("mail_push_settings", {
  userId: ref().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  follow: boolean().notNull().default(false),
  article: boolean().notNull().default(true),
  week: boolean().notNull().default(true),
  updatedAt: updatedAt()
});
const collectionSets = pgTable(
  "collection_sets",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    title: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(""),
    /** Background image (imageUrl). */
    bgImgUrl: text().notNull().default(""),
    /** Mask colour over the background (maskColor), e.g. "#000000" or "rgba(0,0,0,.4)". */
    bgImgMask: varchar({ length: 32 }).notNull().default(""),
    /** A free-form topic used by the collections page filter (getHotTags); "" when none. */
    tag: varchar({ length: 50 }).notNull().default(""),
    /** Picked by editors for /collections/recommended. */
    recommended: boolean().notNull().default(false),
    /** collection_set_followers rows. */
    followerCount: counter(),
    /** collection_set_entries rows. */
    entryCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    // rankType new / hot, with and without the tag filter; a user's own sets.
    index("collection_sets_created_idx").on(t.createdAt, t.id),
    index("collection_sets_followers_idx").on(t.followerCount, t.id),
    index("collection_sets_tag_created_idx").on(t.tag, t.createdAt, t.id),
    index("collection_sets_user_created_idx").on(t.userId, t.createdAt)
  ]
);
pgTable(
  "collection_set_entries",
  {
    collectionSetId: ref().notNull().references(() => collectionSets.id, { onDelete: "cascade" }),
    entryId: ref().notNull().references(() => entries.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.collectionSetId, t.entryId] }),
    index("collection_set_entries_set_created_idx").on(t.collectionSetId, t.createdAt),
    index("collection_set_entries_entry_idx").on(t.entryId)
  ]
);
pgTable(
  "collection_set_followers",
  {
    collectionSetId: ref().notNull().references(() => collectionSets.id, { onDelete: "cascade" }),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt()
  },
  (t) => [
    primaryKey({ columns: [t.collectionSetId, t.userId] }),
    index("collection_set_followers_user_created_idx").on(t.userId, t.createdAt)
  ]
);
pgTable("wallets", {
  userId: ref().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  /** Withdrawable balance in cents. */
  balance: bigint({ mode: "number" }).notNull().default(0),
  hasWallet: boolean().notNull().default(true),
  /** Withdrawal target given to `apply` (alipayAccount, name). */
  alipayAccount: varchar({ length: 100 }).notNull().default(""),
  realName: varchar({ length: 50 }).notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt()
});
pgTable(
  "bills",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Cents; positive for income, negative for withdrawals. */
    amount: bigint({ mode: "number" }).notNull(),
    type: varchar({ length: 16 }).notNull(),
    status: varchar({ length: 16 }).notNull().default("pending"),
    description: text().notNull().default(""),
    /** The booklet order that produced an income row. */
    orderId: ref(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    check("bills_type_check", sql`${t.type} in ('income', 'withdraw')`),
    check("bills_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index("bills_user_created_idx").on(t.userId, t.createdAt, t.id)
  ]
);
const booklets = pgTable(
  "booklets",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    /** /books/{category}; null when uncategorised. */
    categoryId: ref().references(() => categories.id, { onDelete: "set null" }),
    title: varchar({ length: 100 }).notNull(),
    summary: text().notNull().default(""),
    /** Price in cents; 0 is free. */
    price: integer().notNull().default(0),
    cover: text().notNull().default(""),
    isHot: boolean().notNull().default(false),
    isDraft: boolean().notNull().default(true),
    isFinished: boolean().notNull().default(false),
    /** booklet_sections rows. */
    sectionsCount: counter(),
    /** Paid orders. */
    buyCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    index("booklets_created_idx").on(t.createdAt, t.id),
    index("booklets_buy_idx").on(t.buyCount, t.id),
    index("booklets_category_created_idx").on(t.categoryId, t.createdAt, t.id),
    index("booklets_user_created_idx").on(t.userId, t.createdAt)
  ]
);
pgTable(
  "booklet_sections",
  {
    id: idColumn(),
    bookletId: ref().notNull().references(() => booklets.id, { onDelete: "cascade" }),
    title: varchar({ length: 100 }).notNull(),
    /** Markdown. */
    content: text().notNull().default(""),
    isFree: boolean().notNull().default(false),
    isHot: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [index("booklet_sections_booklet_order_idx").on(t.bookletId, t.order)]
);
pgTable(
  "orders",
  {
    id: idColumn(),
    userId: ref().notNull().references(() => users.id, { onDelete: "cascade" }),
    bookletId: ref().notNull().references(() => booklets.id, { onDelete: "cascade" }),
    /** Cents. */
    amount: integer().notNull(),
    status: varchar({ length: 16 }).notNull().default("pending"),
    payType: varchar({ length: 16 }).notNull(),
    createdAt: createdAt(),
    paidAt: instant()
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'closed')`),
    check("orders_pay_type_check", sql`${t.payType} in ('wxpay', 'alipay')`),
    // A booklet is bought once: at most one paid order per user and booklet.
    uniqueIndex("orders_paid_key").on(t.userId, t.bookletId).where(sql`${t.status} = 'paid'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("orders_booklet_idx").on(t.bookletId, t.status)
  ]
);
const repos = pgTable(
  "repos",
  {
    id: idColumn(),
    /** The code host's own id. */
    originalId: varchar({ length: 64 }).notNull().unique(),
    url: text().notNull(),
    /** owner/name */
    name: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(""),
    /** Main language ("" when unknown) and its colour. */
    language: varchar({ length: 50 }).notNull().default(""),
    colour: varchar({ length: 16 }).notNull().default(""),
    watchCount: integer().notNull().default(0),
    starCount: integer().notNull().default(0),
    forkCount: integer().notNull().default(0),
    /** Stars gained in the trending windows (since daily, weekly, monthly). */
    dailyStars: integer().notNull().default(0),
    weeklyStars: integer().notNull().default(0),
    monthlyStars: integer().notNull().default(0),
    /** Markdown. */
    readme: text().notNull().default(""),
    /** Users who translated the description (user ids, in order). */
    translatorIdList: char({ length: 24 }).array().notNull().default([]),
    translation: jsonb().$type(),
    languageList: jsonb().$type().notNull().default([]),
    license: jsonb().$type(),
    /** The spec's repo `user`: the owner on the code host. */
    owner: jsonb().$type().notNull(),
    /** Comments and replies with targetType repo, not deleted. */
    commentsCount: counter(),
    /** Last push on the code host (the spec spells it commitedAt). */
    commitedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    // get_trending: since daily/weekly/monthly, optionally one language.
    index("repos_daily_idx").on(t.language, t.dailyStars),
    index("repos_weekly_idx").on(t.language, t.weeklyStars),
    index("repos_monthly_idx").on(t.language, t.monthlyStars),
    index("repos_stars_idx").on(t.starCount, t.id)
  ]
);
const showcases = pgTable(
  "showcases",
  {
    id: idColumn(),
    url: text().notNull().default(""),
    title: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(""),
    /** Distinct languages of its repos (repoCount = showcase_repos rows). */
    langCount: counter(),
    repoCount: counter(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [index("showcases_order_idx").on(t.order)]
);
pgTable(
  "showcase_repos",
  {
    showcaseId: ref().notNull().references(() => showcases.id, { onDelete: "cascade" }),
    repoId: ref().notNull().references(() => repos.id, { onDelete: "cascade" }),
    order: integer().notNull().default(0)
  },
  (t) => [primaryKey({ columns: [t.showcaseId, t.repoId] }), index("showcase_repos_repo_idx").on(t.repoId)]
);
pgTable(
  "banners",
  {
    id: idColumn(),
    position: varchar({ length: 16 }).notNull(),
    title: varchar({ length: 100 }).notNull().default(""),
    imageUrl: text().notNull(),
    url: text().notNull(),
    order: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    startedAt: instant(),
    endedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t) => [
    check("banners_position_check", sql`${t.position} in ('hero', 'aside')`),
    index("banners_position_order_idx").on(t.position, t.order)
  ]
);
pgTable(
  "tracking_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** click, like, unlike, collect, uncollect, view, share, follow, unfollow, punch … */
    action: varchar({ length: 32 }).notNull(),
    /** objectType: entry, collection … */
    objectType: varchar({ length: 32 }).notNull().default(""),
    /** The object id(s) acted on. */
    target: text().notNull().default(""),
    value: text().notNull().default(""),
    category: varchar({ length: 64 }).notNull().default(""),
    source: varchar({ length: 16 }).notNull().default("web"),
    referrer: text().notNull().default(""),
    location: text().notNull().default(""),
    suid: varchar({ length: 64 }).notNull().default(""),
    uid: ref(),
    createdAt: createdAt()
  },
  (t) => [index("tracking_events_created_idx").using("brin", t.createdAt)]
);
const tsvector = customType({ dataType: () => "tsvector" });
pgTable(
  "entry_search",
  {
    entryId: ref().primaryKey().references(() => entries.id, { onDelete: "cascade" }),
    document: tsvector().notNull(),
    updatedAt: updatedAt()
  },
  (t) => [index("entry_search_document_idx").using("gin", t.document)]
);
({
  popular: entries.rankIndex,
  newest: entries.createdAt,
  hottest: entries.hotIndex,
  weeklyHottest: entries.hotIndex,
  monthlyHottest: entries.hotIndex,
  comment: entries.latestCommentAt
});
({
  hot: [desc(tags.subscribersCount), desc(tags.id)],
  new: [desc(tags.createdAt), desc(tags.id)]
});
({
  popular: entries.rankIndex,
  newest: entries.createdAt,
  hottest: entries.hotIndex
});
sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::float4[]`);
and(eq(entries.status, "published"), isNull(entries.deletedAt));
const SEARCH_MAX_PAGE = 499;
const searchHref = (query, page) => `/search?query=${encodeURIComponent(query)}&page=${page}`;
async function loader$6({
  context,
  request: request2
}) {
  const url = new URL(request2.url);
  const query = normalizeSearchQuery(url.searchParams.get("query") ?? "");
  const asked = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const page = Math.min(Math.max(1, asked), SEARCH_MAX_PAGE + 1);
  const now = Date.now();
  if (!query) return {
    query,
    page,
    now,
    words: [],
    total: 0,
    canNext: false,
    entries: [],
    users: [],
    tags: []
  };
  const result = await context.services.search.search({
    query,
    page: page - 1
  }, context.caller);
  return {
    query,
    page,
    now,
    words: result.words,
    total: result.entries.total,
    canNext: result.entries.canNext,
    entries: result.entries.list,
    users: result.users.map((u) => ({
      id: u.id,
      username: u.username,
      avatarLarge: u.avatarLarge,
      jobTitle: u.jobTitle,
      followersCount: u.followersCount
    })),
    tags: result.tags.map((t) => ({
      id: t.id,
      title: t.title,
      entriesCount: t.entriesCount
    }))
  };
}
function meta$7({
  matches,
  loaderData
}) {
  return titleMeta(matches, loaderData?.query ? `${loaderData.query} - 搜索结果` : "搜索");
}
const search = UNSAFE_withComponentProps(function Search({
  loaderData
}) {
  const {
    query,
    page,
    words,
    entries: entries2,
    users: users2,
    tags: tags2,
    total,
    canNext,
    now
  } = loaderData;
  const listRef = useRef(null);
  useHighlight(listRef, words, entries2);
  if (!query) {
    return /* @__PURE__ */ jsx(TwoColumn, {
      children: /* @__PURE__ */ jsxs("section", {
        className: "list-card",
        children: [/* @__PURE__ */ jsx("header", {
          className: "list-header",
          children: /* @__PURE__ */ jsx("h1", {
            className: "list-title",
            children: "搜索"
          })
        }), /* @__PURE__ */ jsx(EmptyState, {
          title: "请输入关键词",
          description: "在顶部搜索框输入想找的文章、标签或用户"
        })]
      })
    });
  }
  return /* @__PURE__ */ jsxs(TwoColumn, {
    aside: /* @__PURE__ */ jsxs(Fragment, {
      children: [/* @__PURE__ */ jsx(SidebarCard, {
        title: "相关用户",
        children: users2.length === 0 ? /* @__PURE__ */ jsx("p", {
          className: "sidebar-empty",
          children: "没有找到相关用户"
        }) : /* @__PURE__ */ jsx("ul", {
          className: "author-list",
          children: users2.map((u) => /* @__PURE__ */ jsx("li", {
            children: /* @__PURE__ */ jsxs(Link, {
              to: `/user/${u.id}`,
              className: "author-link",
              children: [/* @__PURE__ */ jsx(Avatar, {
                user: u,
                size: 40
              }), /* @__PURE__ */ jsxs("span", {
                className: "author-text",
                children: [/* @__PURE__ */ jsx("span", {
                  className: "author-name",
                  children: /* @__PURE__ */ jsx(Marked, {
                    text: u.username,
                    words: [query, ...words]
                  })
                }), /* @__PURE__ */ jsxs("span", {
                  className: "author-job",
                  children: [u.jobTitle ? `${u.jobTitle} · ` : "", formatCount(u.followersCount), " 关注者"]
                })]
              })]
            })
          }, u.id))
        })
      }), /* @__PURE__ */ jsx(SidebarCard, {
        title: "相关标签",
        children: tags2.length === 0 ? /* @__PURE__ */ jsx("p", {
          className: "sidebar-empty",
          children: "没有找到相关标签"
        }) : /* @__PURE__ */ jsx("ul", {
          className: "tag-cloud",
          children: tags2.map((t) => /* @__PURE__ */ jsx("li", {
            children: /* @__PURE__ */ jsx(Link, {
              to: `/tag/${encodeURIComponent(t.title)}`,
              className: "tag-chip",
              title: `${t.entriesCount} 篇文章`,
              children: /* @__PURE__ */ jsx(Marked, {
                text: t.title,
                words: [query, ...words]
              })
            })
          }, t.id))
        })
      })]
    }),
    children: [/* @__PURE__ */ jsx("style", {
      children: `mark.search-hit{background:none;color:var(--brand)} ::highlight(search-hit){color:var(--brand)}`
    }), /* @__PURE__ */ jsxs("section", {
      className: "list-card",
      children: [/* @__PURE__ */ jsxs("header", {
        className: "list-header",
        children: [/* @__PURE__ */ jsxs("h1", {
          className: "list-title",
          children: ["“", query, "”的搜索结果"]
        }), total > 0 ? /* @__PURE__ */ jsxs("span", {
          className: "entry-stat",
          children: ["共 ", formatCount(total), " 篇文章"]
        }) : null]
      }), /* @__PURE__ */ jsx("div", {
        ref: listRef,
        children: /* @__PURE__ */ jsx(EntryList, {
          entries: entries2,
          now,
          emptyTitle: page > 1 ? "没有更多结果了" : `没有找到与“${query}”相关的文章`,
          emptyDescription: page > 1 ? void 0 : "换个关键词试试"
        })
      }), page > 1 || canNext ? /* @__PURE__ */ jsxs("nav", {
        className: "list-pager",
        "aria-label": "翻页",
        children: [page > 1 ? /* @__PURE__ */ jsx(Link, {
          to: searchHref(query, page - 1),
          rel: "prev",
          children: "上一页"
        }) : /* @__PURE__ */ jsx("span", {}), canNext ? /* @__PURE__ */ jsx(Link, {
          to: searchHref(query, page + 1),
          rel: "next",
          children: "下一页"
        }) : /* @__PURE__ */ jsx("span", {
          className: "list-pager-end",
          children: "没有更多了"
        })]
      }) : null]
    })]
  });
});
function wordPattern(words) {
  const unique = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!unique.length) return null;
  return new RegExp(unique.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "giu");
}
function Marked({
  text: text2,
  words
}) {
  const pattern = wordPattern(words);
  if (!pattern) return /* @__PURE__ */ jsx(Fragment, {
    children: text2
  });
  const parts = [];
  let last = 0;
  for (const m of text2.matchAll(pattern)) {
    if (m.index > last) parts.push(text2.slice(last, m.index));
    parts.push(/* @__PURE__ */ jsx("mark", {
      className: "search-hit",
      children: m[0]
    }, m.index));
    last = m.index + m[0].length;
  }
  parts.push(text2.slice(last));
  return /* @__PURE__ */ jsx(Fragment, {
    children: parts
  });
}
function useHighlight(ref2, words, entries2) {
  useEffect(() => {
    const root2 = ref2.current;
    const pattern = wordPattern(words);
    if (!root2 || !pattern || typeof Highlight === "undefined" || !("highlights" in CSS)) return;
    const ranges = [];
    for (const el of root2.querySelectorAll(".entry-title, .entry-abstract")) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? "").matchAll(pattern)) {
          const range = new Range();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          ranges.push(range);
        }
      }
    }
    CSS.highlights.set("search-hit", new Highlight(...ranges));
    return () => {
      CSS.highlights.delete("search-hit");
    };
  }, [ref2, words, entries2]);
}
const route40 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: search,
  loader: loader$6,
  meta: meta$7
}, Symbol.toStringTag, { value: "Module" }));
function loader$5({
  params
}) {
  return {
    id: requireRouteId(params.id),
    pin: null
  };
}
const meta$6 = ({
  matches
}) => titleMeta(matches, "沸点");
const pinDetail = UNSAFE_withComponentProps(function PinDetail() {
  return /* @__PURE__ */ jsx(MissingContent, {
    title: "未知沸点",
    message: "该沸点不存在或已被删除"
  });
});
const route41 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: pinDetail,
  loader: loader$5,
  meta: meta$6
}, Symbol.toStringTag, { value: "Module" }));
function loader$4({
  context
}) {
  requireViewer(context);
  return null;
}
const meta$5 = ({
  matches
}) => titleMeta(matches, "写文章");
const draftNew = UNSAFE_withComponentProps(function DraftNew() {
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api.post("/api/drafts", {}).then((draft) => navigate(`/editor/posts/${draft.id}`, {
      replace: true
    })).catch((err) => {
      started.current = false;
      setError(errorMessage(err, "创建草稿失败，请稍后重试"));
    });
  }, [navigate, attempt]);
  return /* @__PURE__ */ jsxs(PageSection, {
    title: "写文章",
    narrow: true,
    children: [error ? /* @__PURE__ */ jsxs("div", {
      className: "editor-start",
      role: "alert",
      children: [/* @__PURE__ */ jsx("p", {
        children: error
      }), /* @__PURE__ */ jsxs("p", {
        className: "editor-start-actions",
        children: [/* @__PURE__ */ jsx("button", {
          type: "button",
          className: "btn btn-primary",
          onClick: () => {
            setError(null);
            setAttempt((n) => n + 1);
          },
          children: "重试"
        }), /* @__PURE__ */ jsx(Link, {
          to: "/editor/drafts",
          className: "btn",
          children: "草稿箱"
        })]
      })]
    }) : /* @__PURE__ */ jsx("p", {
      className: "editor-start",
      role: "status",
      children: "正在创建草稿…"
    }), /* @__PURE__ */ jsx("noscript", {
      children: /* @__PURE__ */ jsx("p", {
        className: "editor-start",
        children: "编辑器需要启用 JavaScript。"
      })
    })]
  });
});
const route42 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: draftNew,
  loader: loader$4,
  meta: meta$5
}, Symbol.toStringTag, { value: "Module" }));
const links$1 = () => [{
  rel: "stylesheet",
  href: articleStyles
}];
async function loader$3({
  context,
  request: request2
}) {
  requireViewer(context);
  const raw = new URL(request2.url).searchParams.get("page") ?? "1";
  const page = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || page < 1) notFound$1();
  const drafts2 = await context.services.posts.listDrafts({
    page
  }, context.caller);
  return {
    ...drafts2,
    now: Date.now()
  };
}
const meta$4 = ({
  matches
}) => titleMeta(matches, "草稿箱");
const drafts = UNSAFE_withComponentProps(function Drafts({
  loaderData
}) {
  const {
    list,
    page,
    total,
    canNext,
    now
  } = loaderData;
  const {
    alert
  } = useShell();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState(null);
  const [busy, setBusy] = useState(false);
  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.del(`/api/drafts/${deleting.id}`);
      alert("草稿已删除", "success");
      setDeleting(null);
      await revalidator.revalidate();
    } catch (error) {
      alert(errorMessage(error, "删除失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }
  return /* @__PURE__ */ jsxs(PageSection, {
    title: `草稿箱${total ? `（${total}）` : ""}`,
    narrow: true,
    actions: /* @__PURE__ */ jsx(Link, {
      to: "/editor/drafts/new",
      className: "btn btn-primary",
      children: "写文章"
    }),
    children: [list.length === 0 ? /* @__PURE__ */ jsx(EmptyState, {
      title: "暂无草稿",
      description: "你保存的草稿会出现在这里",
      children: page > 1 ? /* @__PURE__ */ jsx(Link, {
        to: "/editor/drafts",
        children: "回到第一页"
      }) : null
    }) : /* @__PURE__ */ jsx("ul", {
      className: "draft-list",
      children: list.map((draft) => /* @__PURE__ */ jsxs("li", {
        className: "draft-item",
        children: [/* @__PURE__ */ jsxs("div", {
          className: "draft-text",
          children: [/* @__PURE__ */ jsx(Link, {
            to: `/editor/posts/${draft.id}`,
            className: "draft-title",
            children: draft.title || "无标题"
          }), draft.abstract ? /* @__PURE__ */ jsx("p", {
            className: "draft-abstract",
            children: draft.abstract
          }) : null, /* @__PURE__ */ jsxs("p", {
            className: "draft-time",
            children: ["最后编辑于 ", /* @__PURE__ */ jsx("time", {
              dateTime: draft.updatedAt,
              children: relativeTime(draft.updatedAt, now)
            })]
          })]
        }), /* @__PURE__ */ jsxs("div", {
          className: "draft-actions",
          children: [/* @__PURE__ */ jsx(Link, {
            to: `/editor/posts/${draft.id}`,
            className: "btn",
            children: "编辑"
          }), /* @__PURE__ */ jsx("button", {
            type: "button",
            className: "btn",
            onClick: () => setDeleting({
              id: draft.id,
              title: draft.title || "无标题"
            }),
            children: "删除"
          })]
        })]
      }, draft.id))
    }), page > 1 || canNext ? /* @__PURE__ */ jsxs("nav", {
      className: "list-pager",
      "aria-label": "翻页",
      children: [page > 1 ? /* @__PURE__ */ jsx(Link, {
        to: page === 2 ? "/editor/drafts" : `/editor/drafts?page=${page - 1}`,
        rel: "prev",
        children: "上一页"
      }) : /* @__PURE__ */ jsx("span", {}), canNext ? /* @__PURE__ */ jsx(Link, {
        to: `/editor/drafts?page=${page + 1}`,
        rel: "next",
        children: "下一页"
      }) : /* @__PURE__ */ jsx("span", {
        className: "list-pager-end",
        children: "没有更多了"
      })]
    }) : null, /* @__PURE__ */ jsx(ConfirmDialog, {
      open: deleting !== null,
      title: "删除草稿",
      message: deleting ? `确定删除「${deleting.title}」吗？删除后无法恢复。` : void 0,
      confirmLabel: "删除",
      busy,
      onConfirm: confirmDelete,
      onCancel: () => setDeleting(null)
    })]
  });
});
const route43 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: drafts,
  links: links$1,
  loader: loader$3,
  meta: meta$4
}, Symbol.toStringTag, { value: "Module" }));
const TITLE_MAX = 100;
const TAGS_MAX = 3;
const charLength = (s) => Array.from(s).length;
function PublishDialog(props) {
  return props.open ? /* @__PURE__ */ jsx(PublishDialogBody, { ...props }) : null;
}
function PublishDialogBody({
  onClose,
  mode,
  categories: categories2,
  tags: tags2,
  initialCategoryId,
  initialTagIds,
  busy,
  error,
  onSubmit
}) {
  const [categoryId, setCategoryId] = useState(initialCategoryId);
  const [tagIds, setTagIds] = useState(initialTagIds);
  const [missing, setMissing] = useState(false);
  const full = tagIds.length >= TAGS_MAX;
  function toggle(id) {
    setTagIds((ids) => ids.includes(id) ? ids.filter((t) => t !== id) : full ? ids : [...ids, id]);
  }
  return /* @__PURE__ */ jsx(Modal, { open: true, onClose, labelledBy: "publish-title", className: "publish-dialog", children: /* @__PURE__ */ jsxs(
    "form",
    {
      onSubmit: (event) => {
        event.preventDefault();
        if (!categoryId) {
          setMissing(true);
          return;
        }
        onSubmit({ categoryId, tagIds });
      },
      children: [
        /* @__PURE__ */ jsx("h2", { id: "publish-title", className: "modal-title", children: mode === "publish" ? "发布文章" : "更新文章" }),
        /* @__PURE__ */ jsxs("fieldset", { className: "publish-group", "aria-describedby": missing ? "publish-category-error" : void 0, children: [
          /* @__PURE__ */ jsxs("legend", { className: "publish-label", children: [
            "分类",
            /* @__PURE__ */ jsx("span", { className: "publish-required", children: "（必选）" })
          ] }),
          /* @__PURE__ */ jsx("div", { className: "publish-categories", children: categories2.map((c) => /* @__PURE__ */ jsxs("label", { className: `publish-choice${categoryId === c.id ? " selected" : ""}`, children: [
            /* @__PURE__ */ jsx(
              "input",
              {
                type: "radio",
                name: "categoryId",
                value: c.id,
                checked: categoryId === c.id,
                onChange: () => {
                  setCategoryId(c.id);
                  setMissing(false);
                }
              }
            ),
            c.title
          ] }, c.id)) }),
          missing ? /* @__PURE__ */ jsx("p", { id: "publish-category-error", className: "field-error", role: "alert", children: "请选择文章分类" }) : null
        ] }),
        /* @__PURE__ */ jsxs("fieldset", { className: "publish-group", children: [
          /* @__PURE__ */ jsxs("legend", { className: "publish-label", children: [
            "标签",
            /* @__PURE__ */ jsxs("span", { className: "publish-hint", children: [
              "（最多 ",
              TAGS_MAX,
              " 个，已选 ",
              tagIds.length,
              "）"
            ] })
          ] }),
          /* @__PURE__ */ jsx("div", { className: "publish-tags", children: tags2.map((t) => {
            const on = tagIds.includes(t.id);
            return /* @__PURE__ */ jsx(
              "button",
              {
                type: "button",
                className: `publish-tag${on ? " selected" : ""}`,
                "aria-pressed": on,
                disabled: !on && full,
                onClick: () => toggle(t.id),
                children: t.title
              },
              t.id
            );
          }) })
        ] }),
        error ? /* @__PURE__ */ jsx("p", { className: "field-error publish-error", role: "alert", children: error }) : null,
        /* @__PURE__ */ jsxs("div", { className: "confirm-actions", children: [
          /* @__PURE__ */ jsx("button", { type: "button", className: "btn", onClick: onClose, children: "取消" }),
          /* @__PURE__ */ jsx("button", { type: "submit", className: "btn btn-primary", disabled: busy, children: busy ? "请稍候..." : mode === "publish" ? "确定并发布" : "确定并更新" })
        ] })
      ]
    }
  ) });
}
const AUTOSAVE_DELAY_MS = 1500;
const keyOf = (t) => JSON.stringify([t.title, t.content]);
function useDraftAutosave(id, text2, enabled) {
  const [state, setState] = useState("saved");
  const [error, setError] = useState(null);
  const latest = useRef(text2);
  const savedKey = useRef(keyOf(text2));
  const inFlight = useRef(null);
  useEffect(() => {
    latest.current = text2;
  });
  const flush = useCallback(async () => {
    while (inFlight.current) await inFlight.current.catch(() => void 0);
    const snapshot = latest.current;
    const key2 = keyOf(snapshot);
    if (key2 === savedKey.current) {
      setState("saved");
      return true;
    }
    setState("saving");
    const request2 = api.put(`/api/drafts/${id}`, snapshot);
    inFlight.current = request2;
    try {
      await request2;
      savedKey.current = key2;
      setError(null);
      setState(keyOf(latest.current) === key2 ? "saved" : "dirty");
      return true;
    } catch (err) {
      setError(errorMessage(err, "保存失败"));
      setState("error");
      return false;
    } finally {
      inFlight.current = null;
    }
  }, [id]);
  const key = keyOf(text2);
  useEffect(() => {
    if (!enabled || key === savedKey.current) return;
    setState((s) => s === "saving" ? s : "dirty");
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, enabled, flush]);
  useEffect(() => {
    if (!enabled) return;
    const onBeforeUnload = (event) => {
      if (keyOf(latest.current) !== savedKey.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      if (keyOf(latest.current) !== savedKey.current) void flush();
    };
  }, [enabled, flush]);
  const markSaved = useCallback(() => {
    savedKey.current = keyOf(latest.current);
    setState("saved");
  }, []);
  return { state, error, flush, markSaved };
}
const PREVIEW_DELAY_MS = 400;
function useServerPreview(content, initial) {
  const [preview, setPreview] = useState(initial);
  const [failed, setFailed] = useState(false);
  const renderedFor = useRef(content);
  const sequence = useRef(0);
  useEffect(() => {
    if (content === renderedFor.current) return;
    const ticket = ++sequence.current;
    const timer = setTimeout(() => {
      api.post("/api/markdown/preview", { content }).then((next) => {
        if (ticket !== sequence.current) return;
        renderedFor.current = content;
        setPreview(next);
        setFailed(false);
      }).catch(() => {
        if (ticket === sequence.current) setFailed(true);
      });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [content]);
  return { preview, failed };
}
const links = () => [{
  rel: "stylesheet",
  href: articleStyles
}];
async function loader$2({
  context,
  params
}) {
  requireViewer(context);
  const id = requireRouteId(params.id);
  const {
    posts,
    entries: entries2,
    tags: tags2
  } = context.services;
  let post2;
  try {
    post2 = await posts.editable(id, context.caller);
  } catch (err) {
    if (isAppError(err) && err.code === 404) notFound$1("文章不存在");
    if (isAppError(err) && err.code === 403) {
      throw data({
        message: err.message
      }, {
        status: 403
      });
    }
    throw err;
  }
  const [categories2, hot] = await Promise.all([entries2.categories(), tags2.list({
    type: "hot",
    page: 1,
    pageSize: 30
  }, context.caller)]);
  const tagOptions = hot.list.map((t) => ({
    id: t.id,
    title: t.title
  }));
  for (const t of post2.tags) if (!tagOptions.some((o) => o.id === t.id)) tagOptions.unshift(t);
  return {
    post: post2,
    categories: categories2,
    tags: tagOptions,
    preview: posts.preview(post2.content, context.caller)
  };
}
const meta$3 = ({
  matches,
  loaderData
}) => titleMeta(matches, loaderData?.post.status === "published" ? "编辑文章" : "写文章");
const SAVE_LABEL = {
  saved: "已保存",
  dirty: "未保存",
  saving: "保存中...",
  error: "保存失败"
};
const postEditor = UNSAFE_withComponentProps(function PostEditor({
  loaderData
}) {
  return /* @__PURE__ */ jsx(Editor, {
    ...loaderData
  }, loaderData.post.id);
});
function Editor({
  post: post2,
  categories: categories2,
  tags: tags2,
  preview: initialPreview
}) {
  const {
    alert
  } = useShell();
  const navigate = useNavigate();
  const isDraft = post2.status === "draft";
  const [title, setTitle] = useState(post2.title);
  const [content, setContent] = useState(post2.content);
  const [view, setView] = useState("source");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState(null);
  const titleRef = useRef(null);
  const sourceRef = useRef(null);
  const autosave = useDraftAutosave(post2.id, {
    title,
    content
  }, isDraft);
  const {
    flush
  } = autosave;
  const {
    preview,
    failed: previewFailed
  } = useServerPreview(content, initialPreview);
  const changed = title !== post2.title || content !== post2.content;
  useEffect(() => {
    const onKeyDown = (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (isDraft) void flush();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isDraft, flush]);
  useEffect(() => {
    if (isDraft || !changed) return;
    const onBeforeUnload = (event) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDraft, changed]);
  function showFieldError(err) {
    const field = err instanceof ApiError ? err.field : null;
    if (field === "title" || field === "content") {
      setDialogOpen(false);
      alert(errorMessage(err), "error");
      (field === "title" ? titleRef : sourceRef).current?.focus();
      return;
    }
    setDialogError(errorMessage(err, isDraft ? "发布失败，请稍后重试" : "更新失败，请稍后重试"));
  }
  async function submit(choice) {
    setBusy(true);
    setDialogError(null);
    try {
      let article;
      if (isDraft) {
        if (!await flush()) throw new ApiError(0, autosave.error ?? "保存草稿失败，请稍后重试");
        article = await api.post(`/api/drafts/${post2.id}/publish`, choice);
      } else {
        article = await api.put(`/api/posts/${post2.id}`, {
          title,
          content,
          ...choice
        });
      }
      autosave.markSaved();
      setDialogOpen(false);
      alert(isDraft ? "发布成功" : "更新成功", "success");
      navigate(`/post/${article.id}`);
    } catch (err) {
      showFieldError(err);
    } finally {
      setBusy(false);
    }
  }
  const status = isDraft ? autosave.state === "error" ? `${SAVE_LABEL.error}${autosave.error ? `：${autosave.error}` : ""}` : SAVE_LABEL[autosave.state] : changed ? "有未更新的修改" : "已发布";
  return /* @__PURE__ */ jsxs("div", {
    className: "editor-page",
    children: [/* @__PURE__ */ jsxs("header", {
      className: "editor-bar",
      children: [/* @__PURE__ */ jsx("label", {
        htmlFor: "editor-title",
        className: "visually-hidden",
        children: "文章标题"
      }), /* @__PURE__ */ jsx("input", {
        id: "editor-title",
        ref: titleRef,
        className: "editor-title",
        placeholder: "输入文章标题...",
        value: title,
        maxLength: TITLE_MAX * 2,
        "aria-invalid": charLength(title.trim()) > TITLE_MAX || void 0,
        onChange: (event) => setTitle(event.target.value)
      }), /* @__PURE__ */ jsxs("span", {
        className: `editor-count${charLength(title.trim()) > TITLE_MAX ? " over" : ""}`,
        children: [charLength(title.trim()), "/", TITLE_MAX]
      }), /* @__PURE__ */ jsx("span", {
        className: `editor-status status-${isDraft ? autosave.state : changed ? "dirty" : "saved"}`,
        role: "status",
        "aria-live": "polite",
        children: status
      }), /* @__PURE__ */ jsxs("div", {
        className: "editor-actions",
        children: [isDraft ? /* @__PURE__ */ jsx(Link, {
          to: "/editor/drafts",
          className: "btn",
          children: "草稿箱"
        }) : /* @__PURE__ */ jsx(Link, {
          to: `/post/${post2.id}`,
          className: "btn",
          children: "查看文章"
        }), /* @__PURE__ */ jsx("button", {
          type: "button",
          className: "btn btn-primary",
          onClick: () => {
            setDialogError(null);
            setDialogOpen(true);
          },
          children: isDraft ? "发布" : "更新"
        })]
      })]
    }), /* @__PURE__ */ jsx("div", {
      className: "editor-tabs",
      role: "tablist",
      "aria-label": "编辑或预览",
      children: ["source", "preview"].map((v) => /* @__PURE__ */ jsx("button", {
        type: "button",
        role: "tab",
        id: `editor-tab-${v}`,
        "aria-selected": view === v,
        "aria-controls": `editor-pane-${v}`,
        className: `editor-tab${view === v ? " active" : ""}`,
        onClick: () => setView(v),
        children: v === "source" ? "编辑" : "预览"
      }, v))
    }), /* @__PURE__ */ jsxs("div", {
      className: "editor-panes",
      "data-view": view,
      children: [/* @__PURE__ */ jsxs("section", {
        id: "editor-pane-source",
        className: "editor-pane editor-source",
        "aria-labelledby": "editor-tab-source",
        children: [/* @__PURE__ */ jsx("label", {
          htmlFor: "editor-content",
          className: "visually-hidden",
          children: "正文（Markdown）"
        }), /* @__PURE__ */ jsx("textarea", {
          id: "editor-content",
          ref: sourceRef,
          className: "editor-textarea",
          placeholder: "用 Markdown 写正文：# 标题、**粗体**、```代码块```、[链接](https://…)",
          value: content,
          spellCheck: false,
          onChange: (event) => setContent(event.target.value)
        })]
      }), /* @__PURE__ */ jsxs("section", {
        id: "editor-pane-preview",
        className: "editor-pane editor-preview",
        "aria-labelledby": "editor-tab-preview",
        children: [previewFailed ? /* @__PURE__ */ jsx("p", {
          className: "editor-preview-note",
          role: "alert",
          children: "预览暂时无法更新"
        }) : null, preview.html ? /* @__PURE__ */ jsx("div", {
          className: "markdown-body",
          dangerouslySetInnerHTML: {
            __html: preview.html
          }
        }) : /* @__PURE__ */ jsx("p", {
          className: "editor-preview-empty",
          children: "预览会显示在这里"
        })]
      })]
    }), /* @__PURE__ */ jsxs("footer", {
      className: "editor-foot",
      children: [/* @__PURE__ */ jsxs("span", {
        children: ["字数 ", charLength(content.replace(/\s+/g, ""))]
      }), /* @__PURE__ */ jsx("span", {
        children: "支持 Markdown · Ctrl+S 保存"
      })]
    }), /* @__PURE__ */ jsx(PublishDialog, {
      open: dialogOpen,
      onClose: () => setDialogOpen(false),
      mode: isDraft ? "publish" : "update",
      categories: categories2,
      tags: tags2,
      initialCategoryId: isDraft ? null : post2.category?.id ?? null,
      initialTagIds: post2.tags.map((t) => t.id),
      busy,
      error: dialogError,
      onSubmit: submit
    })]
  });
}
const route44 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: postEditor,
  links,
  loader: loader$2,
  meta: meta$3
}, Symbol.toStringTag, { value: "Module" }));
function loader$1({
  context,
  params
}) {
  requireViewer(context);
  return {
    id: params.id === "new" ? null : requireRouteId(params.id)
  };
}
const meta$2 = ({
  matches
}) => titleMeta(matches, "写小册");
const bookSectionEditor = UNSAFE_withComponentProps(function BookSectionEditor() {
  return /* @__PURE__ */ jsx(PageSection, {
    title: "写小册",
    narrow: true,
    children: /* @__PURE__ */ jsx(EmptyState, {
      title: "小册编辑器即将上线",
      description: "届时小册作者可以在这里编写章节"
    })
  });
});
const route45 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: bookSectionEditor,
  loader: loader$1,
  meta: meta$2
}, Symbol.toStringTag, { value: "Module" }));
const meta$1 = ({
  matches
}) => titleMeta(matches, "下载应用");
const appDownload = UNSAFE_withComponentProps(function AppDownload() {
  const {
    siteName
  } = useShell();
  return /* @__PURE__ */ jsx(PageSection, {
    title: `下载 ${siteName} App`,
    narrow: true,
    children: /* @__PURE__ */ jsx("p", {
      className: "panel-lead",
      children: "随时随地阅读优质技术文章。移动应用正在开发中，敬请期待。"
    })
  });
});
const route46 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: appDownload,
  meta: meta$1
}, Symbol.toStringTag, { value: "Module" }));
const meta = ({
  matches
}) => titleMeta(matches, "关于");
const about = UNSAFE_withComponentProps(function About() {
  const {
    siteName
  } = useShell();
  return /* @__PURE__ */ jsxs(PageSection, {
    title: `关于 ${siteName}`,
    narrow: true,
    children: [/* @__PURE__ */ jsxs("p", {
      className: "panel-lead",
      children: [siteName, " 是一个帮助开发者成长的社区：分享技术文章、开源项目与学习资源，关注感兴趣的标签与作者。"]
    }), /* @__PURE__ */ jsx("h2", {
      id: "join",
      className: "settings-title",
      children: "加入我们"
    }), /* @__PURE__ */ jsx("p", {
      children: "我们正在寻找热爱技术社区的伙伴，职位信息即将公布。"
    }), /* @__PURE__ */ jsx("h2", {
      id: "translation",
      className: "settings-title",
      children: "翻译计划"
    }), /* @__PURE__ */ jsx("p", {
      children: "翻译计划帮助开发者阅读优质的外文技术文章，详情即将公布。"
    }), /* @__PURE__ */ jsx("h2", {
      id: "partners",
      className: "settings-title",
      children: "合作伙伴"
    }), /* @__PURE__ */ jsx("p", {
      children: "合作伙伴名单即将公布。"
    })]
  });
});
const route47 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: about,
  meta
}, Symbol.toStringTag, { value: "Module" }));
function loader() {
  notFound$1();
}
const notFound = UNSAFE_withComponentProps(function NotFound() {
  return null;
});
const route48 = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  default: notFound,
  loader
}, Symbol.toStringTag, { value: "Module" }));
const serverManifest = { "entry": { "module": "/assets/entry.client-BMhULNvv.js", "imports": ["/assets/jsx-runtime-u17CrQMm.js", "/assets/chunk-OB3PAWPO-I4VSeWve.js"], "css": [] }, "routes": { "root": { "id": "root", "parentId": void 0, "path": "", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": true, "module": "/assets/root-Btw1QCL6.js", "imports": ["/assets/jsx-runtime-u17CrQMm.js", "/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js", "/assets/modal-hEcK4Mi-.js", "/assets/validation-BDXKuOrB.js", "/assets/field-Dss-Wcb8.js", "/assets/use-sms-sender-BGxpJ3Ab.js", "/assets/format-Bq1KO6jo.js", "/assets/repo-state-C91TBJvW.js", "/assets/avatar-ES3XUrG2.js", "/assets/shell-context-B4ay_WQY.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "index": { "id": "index", "parentId": "root", "path": void 0, "index": true, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/welcome-Bf4R9GQk.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/feed-page-DpN-kmR3.js", "/assets/sidebar-CYX9VJo4.js", "/assets/shell-context-B4ay_WQY.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/page-DwYCT8Ry.js", "/assets/category-nav-BW2neSM6.js", "/assets/entry-list-CPp8eXzK.js", "/assets/format-Bq1KO6jo.js", "/assets/empty-state-B6a1U5d5.js", "/assets/api-DHTg3oSh.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/sort-tabs-CNF_FYl1.js", "/assets/avatar-ES3XUrG2.js"], "css": ["/assets/entry-list-fE61Yas-.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "welcome": { "id": "welcome", "parentId": "root", "path": "welcome/:category?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/welcome-Bf4R9GQk.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/feed-page-DpN-kmR3.js", "/assets/sidebar-CYX9VJo4.js", "/assets/shell-context-B4ay_WQY.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/page-DwYCT8Ry.js", "/assets/category-nav-BW2neSM6.js", "/assets/entry-list-CPp8eXzK.js", "/assets/format-Bq1KO6jo.js", "/assets/empty-state-B6a1U5d5.js", "/assets/api-DHTg3oSh.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/sort-tabs-CNF_FYl1.js", "/assets/avatar-ES3XUrG2.js"], "css": ["/assets/entry-list-fE61Yas-.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/home/timeline": { "id": "routes/home/timeline", "parentId": "root", "path": "timeline/:category?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/timeline-CowGrm2I.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/feed-page-DpN-kmR3.js", "/assets/sidebar-CYX9VJo4.js", "/assets/shell-context-B4ay_WQY.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/page-DwYCT8Ry.js", "/assets/category-nav-BW2neSM6.js", "/assets/entry-list-CPp8eXzK.js", "/assets/format-Bq1KO6jo.js", "/assets/empty-state-B6a1U5d5.js", "/assets/api-DHTg3oSh.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/sort-tabs-CNF_FYl1.js", "/assets/avatar-ES3XUrG2.js"], "css": ["/assets/entry-list-fE61Yas-.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/home/getting-started": { "id": "routes/home/getting-started", "parentId": "root", "path": "getting-started", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/getting-started-8lssv3N3.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/tag-card-BoxzbN05.js", "/assets/empty-state-B6a1U5d5.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/tag-icon-Bq65kdiv.js", "/assets/api-DHTg3oSh.js", "/assets/shell-context-B4ay_WQY.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/format-Bq1KO6jo.js"], "css": ["/assets/tag-icon-J6XPu8fi.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/auth/reset-password": { "id": "routes/auth/reset-password", "parentId": "root", "path": "reset-password", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/reset-password-myPc3iRU.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/use-sms-sender-BGxpJ3Ab.js", "/assets/shell-context-B4ay_WQY.js", "/assets/field-Dss-Wcb8.js", "/assets/validation-BDXKuOrB.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/auth/set-new-password": { "id": "routes/auth/set-new-password", "parentId": "root", "path": "set-new-password", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/set-new-password-kndNvIWu.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/shell-context-B4ay_WQY.js", "/assets/field-Dss-Wcb8.js", "/assets/validation-BDXKuOrB.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/books/books-index": { "id": "routes/books/books-index", "parentId": "root", "path": "books/:category?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/books-index-CjouBX5f.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/category-nav-BW2neSM6.js", "/assets/page-DwYCT8Ry.js", "/assets/sidebar-CYX9VJo4.js", "/assets/shell-context-B4ay_WQY.js", "/assets/empty-state-B6a1U5d5.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/avatar-ES3XUrG2.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/books/book-info": { "id": "routes/books/book-info", "parentId": "root", "path": "book/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/book-info-Cc20jG-3.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/books/book-section": { "id": "routes/books/book-section", "parentId": "root", "path": "book/:id/section/:sectionId?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/book-section-De7m2kzm.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/entry/entry-public": { "id": "routes/entry/entry-public", "parentId": "root", "path": "entry/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": true, "module": "/assets/entry-public-pev4ghx-.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/entry-view-Cp5xZJPb.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js", "/assets/format-Bq1KO6jo.js", "/assets/api-DHTg3oSh.js", "/assets/page-DwYCT8Ry.js", "/assets/sidebar-CYX9VJo4.js", "/assets/avatar-ES3XUrG2.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "entry-detail": { "id": "entry-detail", "parentId": "root", "path": "entry/:id/detail/:commentId?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": true, "module": "/assets/entry-detail-B79uBXfW.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/entry-view-Cp5xZJPb.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js", "/assets/format-Bq1KO6jo.js", "/assets/api-DHTg3oSh.js", "/assets/page-DwYCT8Ry.js", "/assets/sidebar-CYX9VJo4.js", "/assets/avatar-ES3XUrG2.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "entry-detail-answer": { "id": "entry-detail-answer", "parentId": "root", "path": "entry/:id/detail/answer/:commentId?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": true, "module": "/assets/entry-detail-B79uBXfW.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/entry-view-Cp5xZJPb.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js", "/assets/format-Bq1KO6jo.js", "/assets/api-DHTg3oSh.js", "/assets/page-DwYCT8Ry.js", "/assets/sidebar-CYX9VJo4.js", "/assets/avatar-ES3XUrG2.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/entry/share-entry": { "id": "routes/entry/share-entry", "parentId": "root", "path": "new-entry", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/share-entry-CHeTY7qG.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/share-form-CDgw8zjT.js", "/assets/title-u5VNV3Eb.js", "/assets/shell-context-B4ay_WQY.js", "/assets/api-DHTg3oSh.js"], "css": ["/assets/share-rUxFRFFF.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/entry/edit-entry": { "id": "routes/entry/edit-entry", "parentId": "root", "path": "edit-entry/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/edit-entry-D5xREd-A.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/share-form-CDgw8zjT.js", "/assets/title-u5VNV3Eb.js", "/assets/shell-context-B4ay_WQY.js", "/assets/api-DHTg3oSh.js"], "css": ["/assets/share-rUxFRFFF.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/entry/published": { "id": "routes/entry/published", "parentId": "root", "path": "published", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/published-Du41lWKH.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/shell-context-B4ay_WQY.js", "/assets/empty-state-B6a1U5d5.js", "/assets/modal-hEcK4Mi-.js", "/assets/format-Bq1KO6jo.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js"], "css": ["/assets/share-rUxFRFFF.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/column/column-index": { "id": "routes/column/column-index", "parentId": "root", "path": "zhuanlan/:category?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/column-index-Cggn86q1.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/feed-page-DpN-kmR3.js", "/assets/sidebar-CYX9VJo4.js", "/assets/shell-context-B4ay_WQY.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/page-DwYCT8Ry.js", "/assets/category-nav-BW2neSM6.js", "/assets/entry-list-CPp8eXzK.js", "/assets/format-Bq1KO6jo.js", "/assets/empty-state-B6a1U5d5.js", "/assets/api-DHTg3oSh.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/sort-tabs-CNF_FYl1.js", "/assets/avatar-ES3XUrG2.js"], "css": ["/assets/entry-list-fE61Yas-.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/column/post": { "id": "routes/column/post", "parentId": "root", "path": "post/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/post-DV76-3R3.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/format-Bq1KO6jo.js", "/assets/missing-B2oVlMWi.js", "/assets/avatar-ES3XUrG2.js", "/assets/shell-context-B4ay_WQY.js", "/assets/title-u5VNV3Eb.js", "/assets/article-OB2AA1ou.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/collection/collection-index": { "id": "routes/collection/collection-index", "parentId": "root", "path": "collections/:type?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/collection-index-MF1qZgT5.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/category-nav-BW2neSM6.js", "/assets/sidebar-CYX9VJo4.js", "/assets/sort-tabs-CNF_FYl1.js", "/assets/page-DwYCT8Ry.js", "/assets/shell-context-B4ay_WQY.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js", "/assets/avatar-ES3XUrG2.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/collection/collection-detail": { "id": "routes/collection/collection-detail", "parentId": "root", "path": "collection/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/collection-detail-BIgtAiy1.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/repo/repo-index": { "id": "routes/repo/repo-index", "parentId": "root", "path": "repos", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/repo-index-D3Aw088-.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/sidebar-CYX9VJo4.js", "/assets/page-DwYCT8Ry.js", "/assets/shell-context-B4ay_WQY.js", "/assets/empty-state-B6a1U5d5.js", "/assets/repo-state-C91TBJvW.js", "/assets/title-u5VNV3Eb.js", "/assets/avatar-ES3XUrG2.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/repo/repo-detail": { "id": "routes/repo/repo-detail", "parentId": "root", "path": "repo/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/repo-detail-D5l0DEmJ.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/explore/explore": { "id": "routes/explore/explore", "parentId": "root", "path": "explore/:category?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/explore-DllhJjZ3.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/feed-page-DpN-kmR3.js", "/assets/sidebar-CYX9VJo4.js", "/assets/shell-context-B4ay_WQY.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/page-DwYCT8Ry.js", "/assets/category-nav-BW2neSM6.js", "/assets/entry-list-CPp8eXzK.js", "/assets/format-Bq1KO6jo.js", "/assets/empty-state-B6a1U5d5.js", "/assets/api-DHTg3oSh.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/sort-tabs-CNF_FYl1.js", "/assets/avatar-ES3XUrG2.js"], "css": ["/assets/entry-list-fE61Yas-.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/notification/layout": { "id": "routes/notification/layout", "parentId": "root", "path": "notification", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/layout-BroffAJM.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/tabs-C1Qji63G.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/notification/user-notifications": { "id": "routes/notification/user-notifications", "parentId": "routes/notification/layout", "path": void 0, "index": true, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/user-notifications-BrUfyvdk.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/notification/system-notifications": { "id": "routes/notification/system-notifications", "parentId": "routes/notification/layout", "path": "system", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/system-notifications-D0lNfsog.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/settings/layout": { "id": "routes/settings/layout", "parentId": "root", "path": void 0, "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/layout-CIZLcbat.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/tabs-C1Qji63G.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/settings/settings-index": { "id": "routes/settings/settings-index", "parentId": "routes/settings/layout", "path": "user/settings", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": false, "hasErrorBoundary": false, "module": "/assets/settings-index-l0sNRNKZ.js", "imports": [], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/settings/profile": { "id": "routes/settings/profile", "parentId": "routes/settings/layout", "path": "user/settings/profile", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/profile-CGtQyhe3.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/shell-context-B4ay_WQY.js", "/assets/avatar-ES3XUrG2.js", "/assets/validation-BDXKuOrB.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/settings/account": { "id": "routes/settings/account", "parentId": "routes/settings/layout", "path": "user/settings/account", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/account-C9QD4P3P.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/use-sms-sender-BGxpJ3Ab.js", "/assets/shell-context-B4ay_WQY.js", "/assets/field-Dss-Wcb8.js", "/assets/modal-hEcK4Mi-.js", "/assets/validation-BDXKuOrB.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/settings/password": { "id": "routes/settings/password", "parentId": "routes/settings/layout", "path": "user/settings/password", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/password-JMvsZ1rC.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/shell-context-B4ay_WQY.js", "/assets/field-Dss-Wcb8.js", "/assets/validation-BDXKuOrB.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/settings/mail": { "id": "routes/settings/mail", "parentId": "routes/settings/layout", "path": "user/settings/mail", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/mail-CWCZMftR.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/settings/invitation": { "id": "routes/settings/invitation", "parentId": "routes/settings/layout", "path": "user/invitation", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/invitation-mVRLnIam.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/user/wallet": { "id": "routes/user/wallet", "parentId": "root", "path": "user/wallet", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/wallet-v9qsbsxQ.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/user/user-profile": { "id": "routes/user/user-profile", "parentId": "root", "path": "user/:id/:type?", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/user-profile-BVEy4cjY.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/missing-B2oVlMWi.js", "/assets/page-DwYCT8Ry.js", "/assets/sidebar-CYX9VJo4.js", "/assets/avatar-ES3XUrG2.js", "/assets/empty-state-B6a1U5d5.js", "/assets/format-Bq1KO6jo.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/subscribe/layout": { "id": "routes/subscribe/layout", "parentId": "root", "path": "subscribe", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": false, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/layout-CynkY26R.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/tabs-C1Qji63G.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/subscribe/subscribe-index": { "id": "routes/subscribe/subscribe-index", "parentId": "routes/subscribe/layout", "path": void 0, "index": true, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": false, "hasErrorBoundary": false, "module": "/assets/subscribe-index-l0sNRNKZ.js", "imports": [], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/subscribe/subscribed": { "id": "routes/subscribe/subscribed", "parentId": "routes/subscribe/layout", "path": "subscribed", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/subscribed-Db2lMAwL.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/tag-card-BoxzbN05.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js", "/assets/tag-icon-Bq65kdiv.js", "/assets/api-DHTg3oSh.js", "/assets/shell-context-B4ay_WQY.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/format-Bq1KO6jo.js"], "css": ["/assets/tag-icon-J6XPu8fi.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/subscribe/all": { "id": "routes/subscribe/all", "parentId": "routes/subscribe/layout", "path": "all", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/all-F1c421ok.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/tag-card-BoxzbN05.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js", "/assets/validation-BDXKuOrB.js", "/assets/tag-icon-Bq65kdiv.js", "/assets/api-DHTg3oSh.js", "/assets/shell-context-B4ay_WQY.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/format-Bq1KO6jo.js"], "css": ["/assets/tag-icon-J6XPu8fi.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/tag/tag": { "id": "routes/tag/tag", "parentId": "root", "path": "tag/:title", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/tag-DEAfHxUb.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/entry-list-CPp8eXzK.js", "/assets/sort-tabs-CNF_FYl1.js", "/assets/feed-page-DpN-kmR3.js", "/assets/page-DwYCT8Ry.js", "/assets/tag-icon-Bq65kdiv.js", "/assets/categories-B5uVAdsh.js", "/assets/title-u5VNV3Eb.js", "/assets/format-Bq1KO6jo.js", "/assets/empty-state-B6a1U5d5.js", "/assets/api-DHTg3oSh.js", "/assets/shell-context-B4ay_WQY.js", "/assets/use-optimistic-toggle-X_W-4zmU.js", "/assets/category-nav-BW2neSM6.js"], "css": ["/assets/entry-list-fE61Yas-.css", "/assets/tag-icon-J6XPu8fi.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/search/search": { "id": "routes/search/search", "parentId": "root", "path": "search", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/search-Db30Myqj.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/entry-list-CPp8eXzK.js", "/assets/sidebar-CYX9VJo4.js", "/assets/page-DwYCT8Ry.js", "/assets/avatar-ES3XUrG2.js", "/assets/empty-state-B6a1U5d5.js", "/assets/format-Bq1KO6jo.js", "/assets/title-u5VNV3Eb.js", "/assets/api-DHTg3oSh.js", "/assets/shell-context-B4ay_WQY.js", "/assets/use-optimistic-toggle-X_W-4zmU.js"], "css": ["/assets/entry-list-fE61Yas-.css"], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/pin/pin-detail": { "id": "routes/pin/pin-detail", "parentId": "root", "path": "pin/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/pin-detail-DlcsocJx.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/missing-B2oVlMWi.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/editor/draft-new": { "id": "routes/editor/draft-new", "parentId": "root", "path": "editor/drafts/new", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/draft-new-ODe9w7B_.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/editor/drafts": { "id": "routes/editor/drafts", "parentId": "root", "path": "editor/drafts", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/drafts-Bt0TYws_.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/format-Bq1KO6jo.js", "/assets/page-DwYCT8Ry.js", "/assets/shell-context-B4ay_WQY.js", "/assets/empty-state-B6a1U5d5.js", "/assets/modal-hEcK4Mi-.js", "/assets/api-DHTg3oSh.js", "/assets/title-u5VNV3Eb.js", "/assets/article-OB2AA1ou.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/editor/post-editor": { "id": "routes/editor/post-editor", "parentId": "root", "path": "editor/posts/:id", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/post-editor-Cv-M8W3i.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/modal-hEcK4Mi-.js", "/assets/api-DHTg3oSh.js", "/assets/shell-context-B4ay_WQY.js", "/assets/title-u5VNV3Eb.js", "/assets/article-OB2AA1ou.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/editor/book-section-editor": { "id": "routes/editor/book-section-editor", "parentId": "root", "path": "editor/book/:id/section", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/book-section-editor-DxxiWRLd.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/empty-state-B6a1U5d5.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/misc/app-download": { "id": "routes/misc/app-download", "parentId": "root", "path": "app", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": false, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/app-download-DcoMUDbp.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/shell-context-B4ay_WQY.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/misc/about": { "id": "routes/misc/about", "parentId": "root", "path": "about", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": false, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/about-BovpuLc3.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js", "/assets/jsx-runtime-u17CrQMm.js", "/assets/page-DwYCT8Ry.js", "/assets/shell-context-B4ay_WQY.js", "/assets/title-u5VNV3Eb.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 }, "routes/not-found": { "id": "routes/not-found", "parentId": "root", "path": "*", "index": void 0, "caseSensitive": void 0, "hasAction": false, "hasLoader": true, "hasClientAction": false, "hasClientLoader": false, "hasClientMiddleware": false, "hasDefaultExport": true, "hasErrorBoundary": false, "module": "/assets/not-found-BnaZ1_EL.js", "imports": ["/assets/chunk-OB3PAWPO-I4VSeWve.js"], "css": [], "clientActionModule": void 0, "clientLoaderModule": void 0, "clientMiddlewareModule": void 0, "hydrateFallbackModule": void 0 } }, "url": "/assets/manifest-2b990778.js", "version": "2b990778", "sri": void 0 };
const assetsBuildDirectory = "build-posts/client";
const basename = "/";
const future = { "unstable_optimizeDeps": false, "v8_passThroughRequests": false, "v8_trailingSlashAwareDataRequests": false, "unstable_previewServerPrerendering": false, "v8_middleware": false, "v8_splitRouteModules": false, "v8_viteEnvironmentApi": false };
const ssr = true;
const isSpaMode = false;
const prerender = [];
const routeDiscovery = { "mode": "lazy", "manifestPath": "/__manifest" };
const publicPath = "/";
const entry = { module: entryServer };
const routes = {
  "root": {
    id: "root",
    parentId: void 0,
    path: "",
    index: void 0,
    caseSensitive: void 0,
    module: route0
  },
  "index": {
    id: "index",
    parentId: "root",
    path: void 0,
    index: true,
    caseSensitive: void 0,
    module: route2
  },
  "welcome": {
    id: "welcome",
    parentId: "root",
    path: "welcome/:category?",
    index: void 0,
    caseSensitive: void 0,
    module: route2
  },
  "routes/home/timeline": {
    id: "routes/home/timeline",
    parentId: "root",
    path: "timeline/:category?",
    index: void 0,
    caseSensitive: void 0,
    module: route3
  },
  "routes/home/getting-started": {
    id: "routes/home/getting-started",
    parentId: "root",
    path: "getting-started",
    index: void 0,
    caseSensitive: void 0,
    module: route4
  },
  "routes/auth/reset-password": {
    id: "routes/auth/reset-password",
    parentId: "root",
    path: "reset-password",
    index: void 0,
    caseSensitive: void 0,
    module: route5
  },
  "routes/auth/set-new-password": {
    id: "routes/auth/set-new-password",
    parentId: "root",
    path: "set-new-password",
    index: void 0,
    caseSensitive: void 0,
    module: route6
  },
  "routes/books/books-index": {
    id: "routes/books/books-index",
    parentId: "root",
    path: "books/:category?",
    index: void 0,
    caseSensitive: void 0,
    module: route7
  },
  "routes/books/book-info": {
    id: "routes/books/book-info",
    parentId: "root",
    path: "book/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route8
  },
  "routes/books/book-section": {
    id: "routes/books/book-section",
    parentId: "root",
    path: "book/:id/section/:sectionId?",
    index: void 0,
    caseSensitive: void 0,
    module: route9
  },
  "routes/entry/entry-public": {
    id: "routes/entry/entry-public",
    parentId: "root",
    path: "entry/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route10
  },
  "entry-detail": {
    id: "entry-detail",
    parentId: "root",
    path: "entry/:id/detail/:commentId?",
    index: void 0,
    caseSensitive: void 0,
    module: route12
  },
  "entry-detail-answer": {
    id: "entry-detail-answer",
    parentId: "root",
    path: "entry/:id/detail/answer/:commentId?",
    index: void 0,
    caseSensitive: void 0,
    module: route12
  },
  "routes/entry/share-entry": {
    id: "routes/entry/share-entry",
    parentId: "root",
    path: "new-entry",
    index: void 0,
    caseSensitive: void 0,
    module: route13
  },
  "routes/entry/edit-entry": {
    id: "routes/entry/edit-entry",
    parentId: "root",
    path: "edit-entry/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route14
  },
  "routes/entry/published": {
    id: "routes/entry/published",
    parentId: "root",
    path: "published",
    index: void 0,
    caseSensitive: void 0,
    module: route15
  },
  "routes/column/column-index": {
    id: "routes/column/column-index",
    parentId: "root",
    path: "zhuanlan/:category?",
    index: void 0,
    caseSensitive: void 0,
    module: route16
  },
  "routes/column/post": {
    id: "routes/column/post",
    parentId: "root",
    path: "post/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route17
  },
  "routes/collection/collection-index": {
    id: "routes/collection/collection-index",
    parentId: "root",
    path: "collections/:type?",
    index: void 0,
    caseSensitive: void 0,
    module: route18
  },
  "routes/collection/collection-detail": {
    id: "routes/collection/collection-detail",
    parentId: "root",
    path: "collection/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route19
  },
  "routes/repo/repo-index": {
    id: "routes/repo/repo-index",
    parentId: "root",
    path: "repos",
    index: void 0,
    caseSensitive: void 0,
    module: route20
  },
  "routes/repo/repo-detail": {
    id: "routes/repo/repo-detail",
    parentId: "root",
    path: "repo/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route21
  },
  "routes/explore/explore": {
    id: "routes/explore/explore",
    parentId: "root",
    path: "explore/:category?",
    index: void 0,
    caseSensitive: void 0,
    module: route22
  },
  "routes/notification/layout": {
    id: "routes/notification/layout",
    parentId: "root",
    path: "notification",
    index: void 0,
    caseSensitive: void 0,
    module: route23
  },
  "routes/notification/user-notifications": {
    id: "routes/notification/user-notifications",
    parentId: "routes/notification/layout",
    path: void 0,
    index: true,
    caseSensitive: void 0,
    module: route24
  },
  "routes/notification/system-notifications": {
    id: "routes/notification/system-notifications",
    parentId: "routes/notification/layout",
    path: "system",
    index: void 0,
    caseSensitive: void 0,
    module: route25
  },
  "routes/settings/layout": {
    id: "routes/settings/layout",
    parentId: "root",
    path: void 0,
    index: void 0,
    caseSensitive: void 0,
    module: route26
  },
  "routes/settings/settings-index": {
    id: "routes/settings/settings-index",
    parentId: "routes/settings/layout",
    path: "user/settings",
    index: void 0,
    caseSensitive: void 0,
    module: route27
  },
  "routes/settings/profile": {
    id: "routes/settings/profile",
    parentId: "routes/settings/layout",
    path: "user/settings/profile",
    index: void 0,
    caseSensitive: void 0,
    module: route28
  },
  "routes/settings/account": {
    id: "routes/settings/account",
    parentId: "routes/settings/layout",
    path: "user/settings/account",
    index: void 0,
    caseSensitive: void 0,
    module: route29
  },
  "routes/settings/password": {
    id: "routes/settings/password",
    parentId: "routes/settings/layout",
    path: "user/settings/password",
    index: void 0,
    caseSensitive: void 0,
    module: route30
  },
  "routes/settings/mail": {
    id: "routes/settings/mail",
    parentId: "routes/settings/layout",
    path: "user/settings/mail",
    index: void 0,
    caseSensitive: void 0,
    module: route31
  },
  "routes/settings/invitation": {
    id: "routes/settings/invitation",
    parentId: "routes/settings/layout",
    path: "user/invitation",
    index: void 0,
    caseSensitive: void 0,
    module: route32
  },
  "routes/user/wallet": {
    id: "routes/user/wallet",
    parentId: "root",
    path: "user/wallet",
    index: void 0,
    caseSensitive: void 0,
    module: route33
  },
  "routes/user/user-profile": {
    id: "routes/user/user-profile",
    parentId: "root",
    path: "user/:id/:type?",
    index: void 0,
    caseSensitive: void 0,
    module: route34
  },
  "routes/subscribe/layout": {
    id: "routes/subscribe/layout",
    parentId: "root",
    path: "subscribe",
    index: void 0,
    caseSensitive: void 0,
    module: route35
  },
  "routes/subscribe/subscribe-index": {
    id: "routes/subscribe/subscribe-index",
    parentId: "routes/subscribe/layout",
    path: void 0,
    index: true,
    caseSensitive: void 0,
    module: route36
  },
  "routes/subscribe/subscribed": {
    id: "routes/subscribe/subscribed",
    parentId: "routes/subscribe/layout",
    path: "subscribed",
    index: void 0,
    caseSensitive: void 0,
    module: route37
  },
  "routes/subscribe/all": {
    id: "routes/subscribe/all",
    parentId: "routes/subscribe/layout",
    path: "all",
    index: void 0,
    caseSensitive: void 0,
    module: route38
  },
  "routes/tag/tag": {
    id: "routes/tag/tag",
    parentId: "root",
    path: "tag/:title",
    index: void 0,
    caseSensitive: void 0,
    module: route39
  },
  "routes/search/search": {
    id: "routes/search/search",
    parentId: "root",
    path: "search",
    index: void 0,
    caseSensitive: void 0,
    module: route40
  },
  "routes/pin/pin-detail": {
    id: "routes/pin/pin-detail",
    parentId: "root",
    path: "pin/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route41
  },
  "routes/editor/draft-new": {
    id: "routes/editor/draft-new",
    parentId: "root",
    path: "editor/drafts/new",
    index: void 0,
    caseSensitive: void 0,
    module: route42
  },
  "routes/editor/drafts": {
    id: "routes/editor/drafts",
    parentId: "root",
    path: "editor/drafts",
    index: void 0,
    caseSensitive: void 0,
    module: route43
  },
  "routes/editor/post-editor": {
    id: "routes/editor/post-editor",
    parentId: "root",
    path: "editor/posts/:id",
    index: void 0,
    caseSensitive: void 0,
    module: route44
  },
  "routes/editor/book-section-editor": {
    id: "routes/editor/book-section-editor",
    parentId: "root",
    path: "editor/book/:id/section",
    index: void 0,
    caseSensitive: void 0,
    module: route45
  },
  "routes/misc/app-download": {
    id: "routes/misc/app-download",
    parentId: "root",
    path: "app",
    index: void 0,
    caseSensitive: void 0,
    module: route46
  },
  "routes/misc/about": {
    id: "routes/misc/about",
    parentId: "root",
    path: "about",
    index: void 0,
    caseSensitive: void 0,
    module: route47
  },
  "routes/not-found": {
    id: "routes/not-found",
    parentId: "root",
    path: "*",
    index: void 0,
    caseSensitive: void 0,
    module: route48
  }
};
const allowedActionOrigins = false;
export {
  allowedActionOrigins,
  serverManifest as assets,
  assetsBuildDirectory,
  basename,
  entry,
  future,
  isSpaMode,
  prerender,
  publicPath,
  routeDiscovery,
  routes,
  ssr
};
