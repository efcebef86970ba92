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
  // The shop counter (issue 26, decision 0047): 9000-9099.
  /** No customer with this id in the caller's shop. */
  CUSTOMER_NOT_FOUND: 9000,
  /** A phone given to a customer already belongs to another customer of the shop: `datas` = { customer_id, name }. */
  CUSTOMER_PHONE_TAKEN: 9001,
  /** customer_merge: a customer cannot be merged into itself (or into one already merged away). */
  CUSTOMER_MERGE_INVALID: 9002,
  /** No ticket with this id in the caller's shop. */
  TICKET_NOT_FOUND: 9010,
  /** The ticket changed since the caller read it (another tab or colleague): reload and try again. */
  TICKET_STALE: 9011,
  /** The workflow does not allow this status change from the ticket's status. */
  TICKET_MOVE_NOT_ALLOWED: 9012,
  /** No quote line to ask the customer about, or none approved. */
  TICKET_QUOTE_MISSING: 9013,
  /** Quote lines still wait for the customer's answer. */
  TICKET_QUOTE_UNDECIDED: 9014,
  /** The approved work is not paid in full: `datas` = { outstanding_fen }. */
  TICKET_NOT_PAID: 9015,
  /** More is held than the approved work costs: refund the difference first. `datas` = { outstanding_fen }. */
  TICKET_OVERPAID: 9016,
  /** A ticket cancelled with the customer's money held: refund it first. */
  TICKET_MONEY_HELD: 9017,
  /** A device line is not a valid SN or IMEI (or is given twice): `datas.rejected` lists them. */
  TICKET_DEVICE_INVALID: 9018,
  /** A quote line named is not a proposed line of this ticket. */
  TICKET_LINE_UNKNOWN: 9019,
  /** The ticket is closed: no new deposit, payment, line or move. */
  TICKET_CLOSED: 9020,
  /** A payment larger than what is still due. `datas` = { outstanding_fen }. */
  MONEY_MORE_THAN_DUE: 9021,
  /** A refund (or void) larger than what the shop holds of the customer's money. `datas` = { held_fen }. */
  MONEY_MORE_THAN_HELD: 9022,
  /** The payment to void is not a deposit or payment of this ticket, or was voided already. */
  MONEY_VOID_INVALID: 9023,
  /** The technician is not an enabled employee of the shop. */
  TICKET_TECHNICIAN_UNKNOWN: 9024,
  /** Silent: a polled state that has not changed yet (a QR code not scanned yet, say). */
  PENDING: 1012,
  NOT_IMPLEMENTED: 1020,
  /** A request_id reused with another endpoint or other parameters (Stripe's idempotency semantics). */
  REQUEST_ID_REUSED: 1100,
  /** The body is over the endpoint's limit (a small one for callers not signed in). HTTP 413. */
  BODY_TOO_LARGE: 1101,
  /** Sign-in refused: unknown username or wrong password, one answer for both (no user enumeration). */
  LOGIN_FAILED: 1102,
  /** A write in an outbox batch that cannot be replayed: unknown or public endpoint, no request_id, a batch. */
  OUTBOX_WRITE_NOT_REPLAYABLE: 1200,
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
  /** Template kit: no todo item with this id in the caller's shop. */
  TODO_NOT_FOUND: 6001,
  /** Template kit: no survey with this id in the caller's shop. */
  SURVEY_NOT_FOUND: 6002,
  /** Template kit: the chat recipient is not an enabled colleague of the caller's shop (or is the caller). */
  CHAT_CONTACT_UNKNOWN: 6003,
  /** No repair batch with this id in the caller's account (or it was deleted). */
  REPAIR_BATCH_NOT_FOUND: 4000,
  /** No tracked device with this id in the caller's account (or it was deleted). */
  REPAIR_DEVICE_NOT_FOUND: 4001,
  /** None of the intake lines is a valid, new device: every line is listed in `datas.rejected`. */
  REPAIR_NO_VALID_LINES: 4002,
  /** A repair id is not one of A, G, R, D, N followed by 9 digits. */
  REPAIR_ID_INVALID: 4003,
  /** The same repair id is given twice for one device. */
  REPAIR_ID_DUPLICATE: 4004,
  /** The badge move is not one a shop makes (see BADGE_MOVES). */
  REPAIR_BADGE_MOVE: 4005,
  /** Watching these devices would pass the VIP level's cap: `datas` = { cap, used, asked }. */
  MONITOR_CAP_EXCEEDED: 4006,
  /** No check order with this id, or none of the chosen devices belongs to it. */
  REPAIR_CHECK_SOURCE_NOT_FOUND: 4007,
  /** The customer link is unknown, revoked, or its device was deleted. */
  CUSTOMER_LINK_INVALID: 4008,
  /** Every chosen device already has a refresh running: nothing was queued or charged. */
  REPAIR_REFRESH_RUNNING: 4009,
  /** The replacement SN/IMEI is not a valid identifier. */
  REPAIR_NEW_IDENT_INVALID: 4010,
  /** The history search is not a valid SN or IMEI. */
  HISTORY_IDENT_INVALID: 4011,
  /** result_columns_save: a column id that is not in the catalogue (msg names them). */
  RESULT_COLUMN_UNKNOWN: 3100,
  /** order_derive: the selection takes no device of the order. */
  DERIVE_NO_DEVICES: 3101,
  /** order_restore: the order is not deleted (nothing to undo) or was deleted too long ago. */
  ORDER_NOT_RESTORABLE: 3102,
  /** pay_integral: no package with this id is on sale. */
  COMBO_NOT_FOUND: 5000,
  /** recharge_create: the amount is below the configured minimum (datas.min_amount, fen). */
  RECHARGE_BELOW_MIN: 5001,
  /** recharge_create: the amount is above the single-recharge maximum (datas.max_amount, fen). */
  RECHARGE_ABOVE_MAX: 5002,
  /** No recharge order with this number in the caller's account. */
  RECHARGE_NOT_FOUND: 5003,
  /** The recharge order was not paid in time; start a new one. */
  RECHARGE_EXPIRED: 5004,
  /** The recharge order was closed (cancelled); start a new one. */
  RECHARGE_CLOSED: 5005,
  /** The recharge order is already paid (closing it is refused; its points are credited). */
  RECHARGE_ALREADY_PAID: 5006,
  /** The payment provider could not be reached or refused the request; nothing was charged. */
  PAYMENT_UNAVAILABLE: 5007,
  /** sandbox_pay with a real payment provider configured (the sandbox is off). */
  PAYMENT_NOT_SANDBOX: 5008,
  /** recharge_create: the account already has this many unpaid orders open; pay or close one. */
  RECHARGE_TOO_MANY_OPEN: 5009,
  /** No export job with this id in the caller's account. */
  EXPORT_NOT_FOUND: 3150,
  /** A download or link asked for before the export has finished. */
  EXPORT_NOT_READY: 3151,
  /** The download link's few minutes are over: ask the download center for a new one. */
  EXPORT_LINK_EXPIRED: 3152,
  /** The download link was made for another account (or was altered). */
  EXPORT_LINK_FOREIGN: 3153,
  /** The exported file was kept for its configured time and has been deleted: export again. */
  EXPORT_FILE_EXPIRED: 3154,
  /** Column ids that are not in the results' column catalogue (named in msg). */
  EXPORT_COLUMNS_UNKNOWN: 3155,
  /** The account already has EXPORTS_OPEN_MAX exports waiting or running. */
  EXPORT_TOO_MANY: 3156,
  /** retry of an export that is waiting or running (or already done). */
  EXPORT_NOT_RETRYABLE: 3157,
  /** identify_sn_imei: the upload is not a PNG, JPEG or WebP image. */
  OCR_NOT_IMAGE: 3160,
  /** identify_sn_imei: no readable text in the photo (blurred, dark, empty). */
  OCR_NO_TEXT: 3161,
  /** identify_sn_imei: the photo is larger than the server takes. */
  OCR_TOO_LARGE: 3162,
  /** identify_sn_imei: every recogniser is busy; try again in a moment. */
  OCR_BUSY: 3163,
  /** identify_sn_imei: the recogniser failed on this image (broken file, engine error). */
  OCR_FAILED: 3164,
  /** dashboards: a device filter's `from` is after its `to`, or spans more than 366 days. */
  DASHBOARD_RANGE_INVALID: 7001,
  /** dashboards: the shop day asked for is in the future or more than 400 days back. */
  DASHBOARD_RANGE_OUT: 7002,
  /** Silent: the action was already carried out (a replay that needs no new message). */
  ALREADY_DONE: 50086,
  // SMS providers (issue 24): sendsms when no real provider is configured, or the provider refused.
  /** sendsms: no SMS provider is configured (production without SMS_PROVIDER): nothing sent, no code stored. */
  SMS_NOT_CONFIGURED: 2040,
  /** sendsms: the SMS provider throttled the send (too many messages to this phone or from this account). */
  SMS_PROVIDER_THROTTLED: 2041,
  /** sendsms: the SMS provider could not be reached or refused the send (keys, sign name, template, balance). */
  SMS_SEND_FAILED: 2042,
  /** sendsms: the SMS provider refused this phone number (invalid, unreachable or blacklisted). */
  SMS_PHONE_REFUSED: 2043,
  // Outside connections not configured in production (issue 24, repair status over HTTP): 4020-4029.
  /** Production without a real device-check provider: a check order (create, add, derive) is refused, nothing billed. */
  CHECKS_NOT_CONFIGURED: 4020,
  /** Production without a real repair-status provider: a repair refresh or monitor watch is refused, nothing billed. */
  REPAIRS_NOT_CONFIGURED: 4021,
  // Text recognition, issue 25 (3165-3169).
  /** identify_sn_imei: the photo's header states more pixels than a phone camera gives (50 MP). */
  OCR_TOO_MANY_PIXELS: 3165,
  // Going live (issue 24): a connection production runs without, said plainly.
  /** recharge: no payment provider is configured (production refuses the sandbox): nothing is charged. */
  PAYMENT_NOT_CONFIGURED: 8000,
  // Shop settings and messages to customers (issue 26, decision 0050)
  /** The ticket number format is not one contract/counter/ticket-number.ts accepts (it must hold {SEQ}). */
  COUNTER_TICKET_FORMAT_INVALID: 9045,
  /** A message template names a placeholder that does not exist. `datas` = { kind, lang, names }. */
  MESSAGE_PLACEHOLDER_UNKNOWN: 9046,
  /** A message template is longer than a few SMS segments. `datas` = { kind, lang, segments, max_segments }. */
  MESSAGE_TEMPLATE_TOO_LONG: 9047,
  /** A message template is empty. `datas` = { kind, lang }. */
  MESSAGE_TEMPLATE_EMPTY: 9048,
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
  [ErrCode.REQUEST_ID_REUSED]: 'request_id 已用于另一个请求，请换一个 request_id',
  [ErrCode.BODY_TOO_LARGE]: '请求内容过大',
  [ErrCode.LOGIN_FAILED]: '用户名或密码错误',
  [ErrCode.OUTBOX_WRITE_NOT_REPLAYABLE]: '此操作无法从离线队列重发',
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
  [ErrCode.TODO_NOT_FOUND]: '待办事项不存在',
  [ErrCode.SURVEY_NOT_FOUND]: '问卷不存在',
  [ErrCode.CHAT_CONTACT_UNKNOWN]: '联系人不存在',
  [ErrCode.REPAIR_BATCH_NOT_FOUND]: '维修批次不存在',
  [ErrCode.REPAIR_DEVICE_NOT_FOUND]: '维修设备不存在',
  [ErrCode.REPAIR_NO_VALID_LINES]: '没有可录入的设备：每一行的原因见列表',
  [ErrCode.REPAIR_ID_INVALID]: '维修单号格式错误：应为 A、G、R、D、N 之一加 9 位数字',
  [ErrCode.REPAIR_ID_DUPLICATE]: '同一设备的维修单号重复',
  [ErrCode.REPAIR_BADGE_MOVE]: '该物流标记不能这样变更',
  [ErrCode.MONITOR_CAP_EXCEEDED]: '监控设备数量已达当前 VIP 等级上限，请取消部分监控或升级 VIP',
  [ErrCode.REPAIR_CHECK_SOURCE_NOT_FOUND]: '查询订单或所选设备不存在',
  [ErrCode.CUSTOMER_LINK_INVALID]: '链接无效或已被撤销',
  [ErrCode.REPAIR_REFRESH_RUNNING]: '所选设备正在查询维修进度，请稍后再试',
  [ErrCode.REPAIR_NEW_IDENT_INVALID]: '新机序列号或 IMEI 格式错误',
  [ErrCode.HISTORY_IDENT_INVALID]: '请输入有效的序列号或 IMEI',
  [ErrCode.RESULT_COLUMN_UNKNOWN]: '未知的列',
  [ErrCode.DERIVE_NO_DEVICES]: '没有选中任何设备',
  [ErrCode.ORDER_NOT_RESTORABLE]: '该订单无法恢复',
  [ErrCode.COMBO_NOT_FOUND]: '套餐不存在或已下架',
  [ErrCode.RECHARGE_BELOW_MIN]: '充值金额低于最低充值金额',
  [ErrCode.RECHARGE_ABOVE_MAX]: '充值金额超过单笔上限',
  [ErrCode.RECHARGE_NOT_FOUND]: '充值订单不存在',
  [ErrCode.RECHARGE_EXPIRED]: '充值订单已过期，请重新发起充值',
  [ErrCode.RECHARGE_CLOSED]: '充值订单已关闭，请重新发起充值',
  [ErrCode.RECHARGE_ALREADY_PAID]: '充值订单已支付，积分已到账',
  [ErrCode.PAYMENT_UNAVAILABLE]: '支付服务暂时不可用，未产生扣款，请稍后再试',
  [ErrCode.PAYMENT_NOT_SANDBOX]: '当前未使用沙箱支付，无法模拟付款',
  [ErrCode.RECHARGE_TOO_MANY_OPEN]: '未支付的充值订单过多，请先完成或关闭已有订单',
  [ErrCode.EXPORT_NOT_FOUND]: '导出任务不存在',
  [ErrCode.EXPORT_NOT_READY]: '导出尚未完成，请稍后再下载',
  [ErrCode.EXPORT_LINK_EXPIRED]: '下载链接已过期，请在下载中心重新下载',
  [ErrCode.EXPORT_LINK_FOREIGN]: '该下载链接不属于当前账号',
  [ErrCode.EXPORT_FILE_EXPIRED]: '文件已超过保存期限并被删除，请重新导出',
  [ErrCode.EXPORT_COLUMNS_UNKNOWN]: '导出列不存在',
  [ErrCode.EXPORT_TOO_MANY]: '进行中的导出任务过多，请等待完成后再导出',
  [ErrCode.EXPORT_NOT_RETRYABLE]: '该导出任务无需重试',
  [ErrCode.OCR_NOT_IMAGE]: '上传的文件不是图片（支持 PNG、JPEG、WebP）',
  [ErrCode.OCR_NO_TEXT]: '照片中未识别到文字，请对准标签、保持清晰后重拍',
  [ErrCode.OCR_TOO_LARGE]: '图片过大，请缩小后再上传',
  [ErrCode.OCR_BUSY]: '识别服务繁忙，请稍后再试',
  [ErrCode.OCR_FAILED]: '图片无法识别，请换一张照片',
  [ErrCode.DASHBOARD_RANGE_INVALID]: '日期范围无效：开始日期须不晚于结束日期，且不超过366天',
  [ErrCode.DASHBOARD_RANGE_OUT]: '日期超出可查询范围',
  [ErrCode.CUSTOMER_NOT_FOUND]: '客户不存在',
  [ErrCode.CUSTOMER_PHONE_TAKEN]: '该手机号已属于另一位客户，可合并两位客户',
  [ErrCode.CUSTOMER_MERGE_INVALID]: '无法合并：请选择两位不同的客户',
  [ErrCode.TICKET_NOT_FOUND]: '维修单不存在',
  [ErrCode.TICKET_STALE]: '维修单已被他人修改，请刷新后重试',
  [ErrCode.TICKET_MOVE_NOT_ALLOWED]: '当前状态不能变更为该状态',
  [ErrCode.TICKET_QUOTE_MISSING]: '请先添加报价项目（并由客户确认）',
  [ErrCode.TICKET_QUOTE_UNDECIDED]: '还有报价项目等待客户确认',
  [ErrCode.TICKET_NOT_PAID]: '费用尚未结清，请先收款',
  [ErrCode.TICKET_OVERPAID]: '已收金额超过应收，请先退还差额',
  [ErrCode.TICKET_MONEY_HELD]: '该单仍有客户预付款，请先退款再取消',
  [ErrCode.TICKET_DEVICE_INVALID]: '设备序列号或 IMEI 无效或重复',
  [ErrCode.TICKET_LINE_UNKNOWN]: '报价项目不存在或已确认',
  [ErrCode.TICKET_CLOSED]: '维修单已结束，不能再修改',
  [ErrCode.MONEY_MORE_THAN_DUE]: '收款金额超过应收金额',
  [ErrCode.MONEY_MORE_THAN_HELD]: '退款金额超过已收金额',
  [ErrCode.MONEY_VOID_INVALID]: '该笔收款不存在或已作废',
  [ErrCode.TICKET_TECHNICIAN_UNKNOWN]: '维修技师不存在或已停用',
  [ErrCode.ALREADY_DONE]: '已处理',
  // SMS providers (issue 24)
  [ErrCode.SMS_NOT_CONFIGURED]: '短信服务未配置，无法发送验证码，请联系管理员',
  [ErrCode.SMS_PROVIDER_THROTTLED]: '短信发送过于频繁，请稍后再试',
  [ErrCode.SMS_SEND_FAILED]: '短信发送失败，请稍后再试',
  [ErrCode.SMS_PHONE_REFUSED]: '该手机号无法接收短信，请检查号码',
  // Outside connections not configured in production (issue 24, repair status over HTTP).
  [ErrCode.CHECKS_NOT_CONFIGURED]: '设备查询服务未配置，暂时无法下单查询，未扣除积分；请联系管理员',
  [ErrCode.REPAIRS_NOT_CONFIGURED]:
    '维修进度查询服务未配置，暂时无法查询或监控维修进度，未扣除积分；请联系管理员',
  // Text recognition, issue 25.
  [ErrCode.OCR_TOO_MANY_PIXELS]: '图片像素过多（最多 5000 万像素），请缩小后再上传',
  // Going live (issue 24)
  [ErrCode.PAYMENT_NOT_CONFIGURED]: '本服务器未配置支付服务，暂不能充值，未产生扣款',
  // Shop settings and messages to customers (issue 26)
  [ErrCode.COUNTER_TICKET_FORMAT_INVALID]: '单号格式无效：只能包含字母、数字、- _ 和占位符，且必须包含 {SEQ}',
  [ErrCode.MESSAGE_PLACEHOLDER_UNKNOWN]: '短信模板中有未知的占位符',
  [ErrCode.MESSAGE_TEMPLATE_TOO_LONG]: '短信模板过长，超过 4 条短信的长度',
  [ErrCode.MESSAGE_TEMPLATE_EMPTY]: '短信模板不能为空',
};

/** Spec section 8: these codes are returned silently (no toast). */
export const silentErrCodes: ReadonlySet<number> = new Set([ErrCode.PENDING, ErrCode.ALREADY_DONE]);

/** Spec section 8: errcode 0 with one of these messages shows no success toast. */
export const quietSuccessMsgs: ReadonlySet<string> = new Set(['', '成功', '获取成功']);
