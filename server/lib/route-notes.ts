/**
 * Sentences the API docs of several services share, written once so every call that needs a session
 * or an admin says it in the same words (route descriptions, shown in the OpenAPI document).
 */

/** A call that answers 401 without a session. */
export const NEEDS_LOGIN = "需要登录，未登录时返回 401。";

/** An operators' call: 401 without a session, 403 for anyone but an admin, 400 naming a bad field. */
export const ADMIN_ONLY =
  "仅管理员：未登录返回 401，非管理员返回 403。参数不合法返回 400，d.field 指出参数。";

/**
 * The same, in the wording without 时 that the collections, notifications, follow and blocks docs
 * use; kept apart from NEEDS_LOGIN because the published API text says it so.
 */
export const NEEDS_LOGIN_BRIEF = "需要登录，未登录返回 401。";
