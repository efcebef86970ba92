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
  /** add_employee: the username is used by someone (usernames are unique in the whole product). */
  USERNAME_TAKEN: 2010,
  /** edit_user: no employee with this user_id in the caller's account. */
  EMPLOYEE_NOT_FOUND: 2011,
  /** edit_user: an Admin cannot disable itself or give up its own Admin role. */
  CANNOT_CHANGE_SELF: 2012,
  /** edit_user: the change would leave the account without an enabled Admin. */
  LAST_ADMIN: 2013,
  /** edit_password: the old password is not right. */
  WRONG_OLD_PASSWORD: 2014,
  /** The SMS code does not match (or none was sent for this phone and purpose). */
  SMS_CODE_WRONG: 2015,
  /** The SMS code is older than its 5 minutes. */
  SMS_CODE_EXPIRED: 2016,
  /** The SMS code was already used. */
  SMS_CODE_USED: 2017,
  /** The SMS code was tried wrong 5 times and is burnt: request a new one. */
  SMS_CODE_BURNT: 2018,
  /** edit_password by SMS (or its sendsms) without a bound phone. */
  PHONE_NOT_BOUND: 2019,
  /** sendsms for edit_password to a phone that is not the caller's bound phone. */
  PHONE_MISMATCH: 2020,
  /** binding_phone / add_employee: the phone is already bound to another user. */
  PHONE_TAKEN: 2021,
  /** wxok (login): the scanned WeChat is bound to no user; sign in with the password and bind it. */
  WX_NOT_BOUND: 2030,
  /** wxok (bind): the scanned WeChat is already bound to another user. */
  WX_BOUND_TO_OTHER: 2031,
  /** qrcode: production without WECHAT_APPID / WECHAT_SECRET / WECHAT_REDIRECT_URI. */
  WX_NOT_CONFIGURED: 2032,
  /** The WeChat authorization (OAuth code) was refused by WeChat or could not be checked. */
  WX_AUTH_FAILED: 2033,
  /** A scan or callback for a QR scene that does not exist, has expired or was already used. */
  WX_SCENE_INVALID: 2034,
  /** A chosen check service is under maintenance and cannot be ordered now. */
  SERVICE_MAINTENANCE: 3001,
  /** A chosen check service id is not in the catalogue. */
  SERVICE_UNKNOWN: 3002,
  /** The account's spendable points do not cover the order's price. */
  INSUFFICIENT_POINTS: 3003,
  /** No check order with this id in the caller's account (or it was deleted). */
  ORDER_NOT_FOUND: 3004,
  /** None of the submitted lines is a valid, new SN or IMEI. */
  ORDER_NO_VALID_DEVICES: 3005,
  /** The order still has jobs running; delete it when they have finished. */
  ORDER_RUNNING: 3006,
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
  [ErrCode.USERNAME_TAKEN]: '用户名已被使用',
  [ErrCode.EMPLOYEE_NOT_FOUND]: '员工不存在',
  [ErrCode.CANNOT_CHANGE_SELF]: '不能停用自己或取消自己的管理员身份',
  [ErrCode.LAST_ADMIN]: '店铺至少需要保留一名启用的管理员',
  [ErrCode.WRONG_OLD_PASSWORD]: '原密码错误',
  [ErrCode.SMS_CODE_WRONG]: '验证码错误',
  [ErrCode.SMS_CODE_EXPIRED]: '验证码已过期，请重新获取',
  [ErrCode.SMS_CODE_USED]: '验证码已使用，请重新获取',
  [ErrCode.SMS_CODE_BURNT]: '验证码错误次数过多，请重新获取',
  [ErrCode.PHONE_NOT_BOUND]: '尚未绑定手机号',
  [ErrCode.PHONE_MISMATCH]: '手机号与已绑定的手机号不一致',
  [ErrCode.PHONE_TAKEN]: '该手机号已被其他用户绑定',
  [ErrCode.WX_NOT_BOUND]: '该微信未绑定任何账号，请先用密码登录，再在个人中心绑定微信',
  [ErrCode.WX_BOUND_TO_OTHER]: '该微信已绑定其他账号，请先在原账号解绑',
  [ErrCode.WX_NOT_CONFIGURED]: '微信登录未配置，请联系管理员',
  [ErrCode.WX_AUTH_FAILED]: '微信授权失败，请重新扫码',
  [ErrCode.WX_SCENE_INVALID]: '二维码无效或已过期，请刷新二维码',
  [ErrCode.SERVICE_MAINTENANCE]: '所选查询服务正在维护，暂时无法下单',
  [ErrCode.SERVICE_UNKNOWN]: '所选查询服务不存在',
  [ErrCode.INSUFFICIENT_POINTS]: '积分不足，请先充值',
  [ErrCode.ORDER_NOT_FOUND]: '查询订单不存在',
  [ErrCode.ORDER_NO_VALID_DEVICES]: '没有有效的序列号或 IMEI',
  [ErrCode.ORDER_RUNNING]: '订单仍在查询中，完成后才能删除',
  [ErrCode.ALREADY_DONE]: '已处理',
};

/** Spec section 8: these codes are returned silently (no toast). */
export const silentErrCodes: ReadonlySet<number> = new Set([ErrCode.PENDING, ErrCode.ALREADY_DONE]);

/** Spec section 8: errcode 0 with one of these messages shows no success toast. */
export const quietSuccessMsgs: ReadonlySet<string> = new Set(['', '成功', '获取成功']);
