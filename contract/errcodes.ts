/**
 * Every errcode the API answers, shared by server and PWA.
 *
 * `msg` is the server's default text (Chinese first, like the product). The PWA shows its own
 * translated text for the codes it knows and falls back to the server's `msg` otherwise.
 * `silent` codes are never toasted (spec section 8: 1012 and 50086).
 */
export const ErrCode = {
  OK: 0,
  INTERNAL: 1000,
  INVALID_INPUT: 1001,
  /** Missing, expired or revoked token: the PWA logs out and reloads after 1 s. */
  SESSION_EXPIRED: 1002,
  FORBIDDEN: 1003,
  NOT_FOUND: 1004,
  RATE_LIMITED: 1005,
  /** Silent: a polled state that has not changed yet (a QR code not scanned yet, say). */
  PENDING: 1012,
  NOT_IMPLEMENTED: 1020,
  LOGIN_UNKNOWN_USER: 2001,
  LOGIN_WRONG_PASSWORD: 2002,
  PUZZLE_WRONG: 2003,
  PUZZLE_EXPIRED: 2004,
  PUZZLE_USED: 2005,
  ACCOUNT_DISABLED: 2006,
  PUZZLE_UNKNOWN: 2007,
  /** Silent: the action was already carried out (a replay that needs no new message). */
  ALREADY_DONE: 50086,
} as const;

export type ErrCodeName = keyof typeof ErrCode;
export type ErrCodeValue = (typeof ErrCode)[ErrCodeName];

/** Default server messages, one per code. */
export const defaultMsg: Record<ErrCodeValue, string> = {
  [ErrCode.OK]: '成功',
  [ErrCode.INTERNAL]: '服务器内部错误，请稍后再试',
  [ErrCode.INVALID_INPUT]: '参数错误',
  [ErrCode.SESSION_EXPIRED]: '登录已过期，请重新登录',
  [ErrCode.FORBIDDEN]: '没有权限执行此操作',
  [ErrCode.NOT_FOUND]: '接口不存在',
  [ErrCode.RATE_LIMITED]: '操作过于频繁，请稍后再试',
  [ErrCode.PENDING]: '处理中',
  [ErrCode.NOT_IMPLEMENTED]: '该功能尚未开放',
  [ErrCode.LOGIN_UNKNOWN_USER]: '用户不存在',
  [ErrCode.LOGIN_WRONG_PASSWORD]: '密码错误',
  [ErrCode.PUZZLE_WRONG]: '滑块验证失败，请重试',
  [ErrCode.PUZZLE_EXPIRED]: '滑块验证已过期，请重新验证',
  [ErrCode.PUZZLE_USED]: '滑块验证已失效，请重新验证',
  [ErrCode.ACCOUNT_DISABLED]: '账号已停用，请联系管理员',
  [ErrCode.PUZZLE_UNKNOWN]: '滑块验证不存在，请重新验证',
  [ErrCode.ALREADY_DONE]: '已处理',
};

/** Spec section 8: these codes are returned silently (no toast). */
export const silentErrCodes: ReadonlySet<number> = new Set([ErrCode.PENDING, ErrCode.ALREADY_DONE]);

/** Spec section 8: errcode 0 with one of these messages shows no success toast. */
export const quietSuccessMsgs: ReadonlySet<string> = new Set(['', '成功', '获取成功']);
