/**
 * A system notice's text is one paragraph, not an article (the admins' 发布系统通知, POST
 * /api/systemNotification): the notifications service checks it, the admin form counts down to it.
 */
export const SYSTEM_MESSAGE_MAX = 500;
