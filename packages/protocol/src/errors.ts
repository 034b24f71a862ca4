import type { Texts, WireLang } from './lang.ts'

/**
 * Every error a client can see: a stable code and its message in the three languages.
 * The en-US texts of spec §5 and §8 are kept word for word. `{field}` and `{seconds}`
 * are filled in by `errorMessage`.
 */
export const ERRORS = {
  // request shape
  UNKNOWN_METHOD: {
    'us-en': 'Unknown operation: {method}',
    'zh-cn': '未知的操作：{method}',
    'zh-hk': '未知的操作：{method}',
  },
  FIELD_REQUIRED: { 'us-en': '{field} is required', 'zh-cn': '请填写{field}', 'zh-hk': '請填寫{field}' },
  FIELD_INVALID: { 'us-en': '{field} is invalid', 'zh-cn': '{field}格式不正确', 'zh-hk': '{field}格式不正確' },
  FIELD_TOO_LONG: { 'us-en': '{field} is too long', 'zh-cn': '{field}过长', 'zh-hk': '{field}過長' },
  FIELD_UNKNOWN: {
    'us-en': 'Unexpected field: {field}',
    'zh-cn': '不支持的字段：{field}',
    'zh-hk': '不支援的欄位：{field}',
  },
  MALFORMED_BODY: {
    'us-en': 'The request body could not be read',
    'zh-cn': '请求内容无法解析',
    'zh-hk': '請求內容無法解析',
  },
  BODY_TOO_LARGE: { 'us-en': 'The request is too large', 'zh-cn': '请求内容过大', 'zh-hk': '請求內容過大' },
  /** An idempotency key (request_id, client_id) sent again with other params (Stripe's rule). */
  IDEMPOTENCY_KEY_REUSED: {
    'us-en': 'This request id was already used with different details',
    'zh-cn': '该请求编号已用于内容不同的请求',
    'zh-hk': '該請求編號已用於內容不同的請求',
  },
  RATE_LIMITED: {
    'us-en': 'Too many requests, please try again later',
    'zh-cn': '请求过于频繁，请稍后再试',
    'zh-hk': '請求過於頻繁，請稍後再試',
  },
  CSRF_REJECTED: {
    'us-en': 'This request was refused because it did not come from the app',
    'zh-cn': '请求来源不受信任，已被拒绝',
    'zh-hk': '請求來源不受信任，已被拒絕',
  },
  INTERNAL: {
    'us-en': 'Something went wrong, please try again later',
    'zh-cn': '服务异常，请稍后再试',
    'zh-hk': '服務異常，請稍後再試',
  },
  /** Must contain the word "Token": the client's session rule keys on it (spec §4). */
  TOKEN_INVALID: {
    'us-en': 'Token is invalid or expired, please log in again',
    'zh-cn': 'Token 无效或已过期，请重新登录',
    'zh-hk': 'Token 無效或已過期，請重新登入',
  },
  NOT_OPEN: { 'us-en': 'Not currently open', 'zh-cn': '暂未开放', 'zh-hk': '暫未開放' },
  /** Client-side: an identical request still in flight is cancelled (spec §8). */
  OPERATION_TOO_FREQUENT: {
    'us-en': 'operation too frequent, please try later',
    'zh-cn': '操作太频繁，请稍后再试',
    'zh-hk': '操作太頻繁，請稍後再試',
  },
  NETWORK: {
    'us-en': 'Network error, please check your connection',
    'zh-cn': '网络异常，请检查网络连接',
    'zh-hk': '網絡異常，請檢查網絡連接',
  },

  // spec §5 validation messages
  PRIVACY_NOT_AGREED: {
    'us-en': 'Please agree to the privacy policy first',
    'zh-cn': '请先同意隐私政策',
    'zh-hk': '請先同意隱私政策',
  },
  EMAIL_INVALID: {
    'us-en': 'Enter the correct email address',
    'zh-cn': '请输入正确的邮箱地址',
    'zh-hk': '請輸入正確的郵箱地址',
  },
  EMAIL_REQUIRED: {
    'us-en': 'Please enter your email address',
    'zh-cn': '请输入邮箱地址',
    'zh-hk': '請輸入郵箱地址',
  },
  PASSWORD_MISMATCH: {
    'us-en': 'Two passwords are inconsistent',
    'zh-cn': '两次密码不一致',
    'zh-hk': '兩次密碼不一致',
  },
  PASSWORD_REQUIRED: { 'us-en': 'Please input a password', 'zh-cn': '请输入密码', 'zh-hk': '請輸入密碼' },
  PASSWORD_INVALID: {
    'us-en': 'The password must be 6-20 characters without spaces',
    'zh-cn': '密码须为6-20位且不含空格',
    'zh-hk': '密碼須為6-20位且不含空格',
  },
  PHONE_REQUIRED: {
    'us-en': 'Please enter your phone number',
    'zh-cn': '请输入手机号',
    'zh-hk': '請輸入手機號',
  },
  PHONE_INVALID: {
    'us-en': 'Enter the correct phone number',
    'zh-cn': '请输入正确的手机号',
    'zh-hk': '請輸入正確的手機號',
  },
  CHAT_BLANK: { 'us-en': 'Cannot send blank messages', 'zh-cn': '不能发送空白消息', 'zh-hk': '不能發送空白消息' },
  QUESTIONNAIRE_INCOMPLETE: {
    'us-en': 'Please select all the questions.',
    'zh-cn': '请完成所有问题的选择。',
    'zh-hk': '請完成所有問題的選擇。',
  },
  MNEMONIC_ORDER: {
    'us-en': 'The order of mnemonic words is incorrect, please rearrange them.',
    'zh-cn': '助记词顺序不正确，请重新排列。',
    'zh-hk': '助記詞順序不正確，請重新排列。',
  },
  MNEMONIC_INVALID: {
    'us-en': 'The mnemonic must be 12 words separated by spaces',
    'zh-cn': '助记词须为以空格分隔的12个单词',
    'zh-hk': '助記詞須為以空格分隔的12個單詞',
  },
  WALLET_PASSWORD_INVALID: {
    'us-en': 'The wallet password must be 8-20 characters',
    'zh-cn': '钱包密码须为8-20位字符',
    'zh-hk': '錢包密碼須為8-20位字元',
  },

  // wallet
  ADDRESS_INVALID: {
    'us-en': 'Enter a valid BSC address (0x followed by 40 hex characters)',
    'zh-cn': '请输入正确的 BSC 地址（0x 开头的 40 位十六进制字符）',
    'zh-hk': '請輸入正確的 BSC 地址（0x 開頭的 40 位十六進位字元）',
  },
  PRIVATE_KEY_INVALID: {
    'us-en': 'Enter a valid private key (64 hex characters)',
    'zh-cn': '请输入正确的私钥（64 位十六进制字符）',
    'zh-hk': '請輸入正確的私鑰（64 位十六進位字元）',
  },
  WALLET_PASSWORD_WRONG: {
    'us-en': 'The wallet password is incorrect',
    'zh-cn': '钱包密码错误',
    'zh-hk': '錢包密碼錯誤',
  },
  WALLET_NOT_FOUND: { 'us-en': 'This wallet does not exist', 'zh-cn': '钱包不存在', 'zh-hk': '錢包不存在' },
  WALLET_EXISTS: {
    'us-en': 'This wallet is already in your account',
    'zh-cn': '该钱包已在您的账号中',
    'zh-hk': '該錢包已在您的帳號中',
  },
  COIN_NOT_FOUND: { 'us-en': 'This coin does not exist', 'zh-cn': '币种不存在', 'zh-hk': '幣種不存在' },
  COIN_NOT_REMOVABLE: {
    'us-en': 'BNB always stays in the wallet',
    'zh-cn': 'BNB 始终保留在钱包中',
    'zh-hk': 'BNB 始終保留在錢包中',
  },
  NOT_A_TOKEN: {
    'us-en': 'This address is not a BEP20 token contract',
    'zh-cn': '该地址不是 BEP20 代币合约',
    'zh-hk': '該地址不是 BEP20 代幣合約',
  },
  AMOUNT_INVALID: {
    'us-en': 'Enter an amount greater than 0',
    'zh-cn': '请输入大于 0 的数量',
    'zh-hk': '請輸入大於 0 的數量',
  },
  INSUFFICIENT_BALANCE: { 'us-en': 'Insufficient balance', 'zh-cn': '余额不足', 'zh-hk': '餘額不足' },
  INSUFFICIENT_FEE: {
    'us-en': 'Not enough BNB to pay the network fee',
    'zh-cn': 'BNB 不足以支付网络手续费',
    'zh-hk': 'BNB 不足以支付網絡手續費',
  },
  TX_SIGNER_MISMATCH: {
    'us-en': 'The transaction was not signed by this wallet',
    'zh-cn': '该交易不是由此钱包签名的',
    'zh-hk': '該交易不是由此錢包簽名的',
  },
  TX_REJECTED: {
    'us-en': 'The network rejected the transaction: {reason}',
    'zh-cn': '网络拒绝了该交易：{reason}',
    'zh-hk': '網絡拒絕了該交易：{reason}',
  },
  TX_NOT_FOUND: { 'us-en': 'Transaction not found', 'zh-cn': '未找到该交易', 'zh-hk': '未找到該交易' },
  CHAIN_UNAVAILABLE: {
    'us-en': 'The blockchain network cannot be reached right now, please try again later',
    'zh-cn': '暂时无法连接区块链网络，请稍后再试',
    'zh-hk': '暫時無法連接區塊鏈網絡，請稍後再試',
  },
  ADDRESS_ENTRY_NOT_FOUND: {
    'us-en': 'This address book entry does not exist',
    'zh-cn': '该地址簿条目不存在',
    'zh-hk': '該地址簿條目不存在',
  },

  // earn and shop
  INSUFFICIENT_POINTS: {
    'us-en': 'Not enough points',
    'zh-cn': '积分不足',
    'zh-hk': '積分不足',
  },
  GOOD_NOT_FOUND: { 'us-en': 'This good does not exist', 'zh-cn': '商品不存在', 'zh-hk': '商品不存在' },
  OUT_OF_STOCK: { 'us-en': 'This good is sold out', 'zh-cn': '商品已售罄', 'zh-hk': '商品已售罄' },
  ORDER_NOT_FOUND: { 'us-en': 'This order does not exist', 'zh-cn': '订单不存在', 'zh-hk': '訂單不存在' },
  COLLECT_UNAVAILABLE: {
    'us-en': 'Temporarily unable to collect',
    'zh-cn': '暂时无法提取',
    'zh-hk': '暫時無法提取',
  },
  COLLECT_TOO_SMALL: {
    'us-en': 'The amount is below the minimum that can be collected',
    'zh-cn': '提取数量低于最低限额',
    'zh-hk': '提取數量低於最低限額',
  },

  // mine: profile, uploads and account security
  FILE_REQUIRED: { 'us-en': 'Please choose a file', 'zh-cn': '请选择文件', 'zh-hk': '請選擇檔案' },
  FILE_TOO_LARGE: {
    'us-en': 'The file is too large (at most 5 MB)',
    'zh-cn': '文件过大（不超过 5 MB）',
    'zh-hk': '檔案過大（不超過 5 MB）',
  },
  FILE_TYPE_UNSUPPORTED: {
    'us-en': 'Only JPEG, PNG, WebP, GIF or HEIF images can be uploaded',
    'zh-cn': '仅支持上传 JPEG、PNG、WebP、GIF 或 HEIF 图片',
    'zh-hk': '僅支援上傳 JPEG、PNG、WebP、GIF 或 HEIF 圖片',
  },
  IMAGE_TOO_LARGE: {
    'us-en': 'The image has too many pixels (at most 40 megapixels)',
    'zh-cn': '图片像素过多（不超过 4000 万像素）',
    'zh-hk': '圖片像素過多（不超過 4000 萬像素）',
  },
  FILE_NOT_FOUND: { 'us-en': 'This file does not exist', 'zh-cn': '文件不存在', 'zh-hk': '檔案不存在' },
  UPLOAD_LIMIT: {
    'us-en': 'You have uploaded too many files today, please try again tomorrow',
    'zh-cn': '今日上传文件过多，请明天再试',
    'zh-hk': '今日上傳檔案過多，請明天再試',
  },
  BIRTHDAY_INVALID: {
    'us-en': 'Enter a birthday between 1900 and today',
    'zh-cn': '请输入 1900 年至今天之间的生日',
    'zh-hk': '請輸入 1900 年至今天之間的生日',
  },
  HEIGHT_RANGE: {
    'us-en': 'Height must be between 50 and 250 cm',
    'zh-cn': '身高须在 50 至 250 厘米之间',
    'zh-hk': '身高須在 50 至 250 厘米之間',
  },
  WEIGHT_RANGE: {
    'us-en': 'Weight must be between 20 and 300 kg',
    'zh-cn': '体重须在 20 至 300 公斤之间',
    'zh-hk': '體重須在 20 至 300 公斤之間',
  },
  STRIDE_RANGE: {
    'us-en': 'Natural stride must be between 30 and 150 cm',
    'zh-cn': '自然步幅须在 30 至 150 厘米之间',
    'zh-hk': '自然步幅須在 30 至 150 厘米之間',
  },
  HR_MAX_RANGE: {
    'us-en': 'Maximum heart rate must be between 100 and 230 bpm (or automatic)',
    'zh-cn': '最大心率须在 100 至 230 次/分之间（或自动）',
    'zh-hk': '最大心率須在 100 至 230 次/分之間（或自動）',
  },
  TIME_ZONE_INVALID: {
    'us-en': 'Choose a valid time zone',
    'zh-cn': '请选择有效的时区',
    'zh-hk': '請選擇有效的時區',
  },
  EMAIL_TAKEN: {
    'us-en': 'This email address is already used by another account',
    'zh-cn': '该邮箱已被其他账号使用',
    'zh-hk': '該郵箱已被其他帳號使用',
  },
  GOOGLE_ALREADY_BOUND: {
    'us-en': 'A Google authenticator is already bound',
    'zh-cn': '已绑定谷歌验证器',
    'zh-hk': '已綁定谷歌驗證器',
  },
  GOOGLE_NOT_BOUND: {
    'us-en': 'No Google authenticator is bound',
    'zh-cn': '尚未绑定谷歌验证器',
    'zh-hk': '尚未綁定谷歌驗證器',
  },
  GOOGLE_SETUP_EXPIRED: {
    'us-en': 'Please get a new key first',
    'zh-cn': '请先获取新的密钥',
    'zh-hk': '請先獲取新的密鑰',
  },
  SESSION_NOT_FOUND: {
    'us-en': 'This device is not signed in',
    'zh-cn': '该设备未登录',
    'zh-hk': '該裝置未登入',
  },

  // health and devices
  DEVICE_CODE_INVALID: {
    'us-en': 'The device code or activation code is incorrect',
    'zh-cn': '设备码或激活码不正确',
    'zh-hk': '裝置碼或激活碼不正確',
  },
  DEVICE_BOUND_ELSEWHERE: {
    'us-en': 'This watch is bound to another account; unbind it there first',
    'zh-cn': '该手表已被其他账号绑定，请先在该账号解绑',
    'zh-hk': '該手錶已被其他帳號綁定，請先在該帳號解綁',
  },
  DEVICE_NOT_FOUND: { 'us-en': 'This watch does not exist', 'zh-cn': '该设备不存在', 'zh-hk': '該裝置不存在' },
  DEVICE_NOT_BOUND: {
    'us-en': 'This watch is not bound to an account yet',
    'zh-cn': '该手表尚未绑定账号',
    'zh-hk': '該手錶尚未綁定帳號',
  },
  /** Device API only; deliberately without the word that signs the app out (spec §4). */
  DEVICE_TOKEN_INVALID: {
    'us-en': 'The upload key of this watch is missing, unknown or revoked',
    'zh-cn': '手表的上传凭证缺失、无效或已撤销',
    'zh-hk': '手錶的上傳憑證缺失、無效或已撤銷',
  },
  SAMPLES_INVALID: {
    'us-en': 'The batch has invalid samples: {reason}',
    'zh-cn': '数据批次中有无效样本：{reason}',
    'zh-hk': '數據批次中有無效樣本：{reason}',
  },
  WORKOUT_NOT_FOUND: {
    'us-en': 'This sports record does not exist',
    'zh-cn': '该运动记录不存在',
    'zh-hk': '該運動記錄不存在',
  },
  GOAL_STEP_RANGE: {
    'us-en': 'The step goal must be between 1,000 and 100,000',
    'zh-cn': '步数目标须在1,000到100,000之间',
    'zh-hk': '步數目標須在1,000到100,000之間',
  },
  GOAL_CALORIE_RANGE: {
    'us-en': 'The calorie goal must be between 50 and 5,000 kcal',
    'zh-cn': '卡路里目标须在50到5,000千卡之间',
    'zh-hk': '卡路里目標須在50到5,000千卡之間',
  },
  GOAL_DISTANCE_RANGE: {
    'us-en': 'The distance goal must be between 500 m and 100 km',
    'zh-cn': '距离目标须在500米到100公里之间',
    'zh-hk': '距離目標須在500米到100公里之間',
  },

  // support, messages and console
  MESSAGE_NOT_FOUND: { 'us-en': 'This message does not exist', 'zh-cn': '消息不存在', 'zh-hk': '消息不存在' },
  TICKET_NOT_FOUND: { 'us-en': 'This work order does not exist', 'zh-cn': '工单不存在', 'zh-hk': '工單不存在' },
  TICKET_CATEGORY_NOT_FOUND: {
    'us-en': 'Please choose a category',
    'zh-cn': '请选择问题类型',
    'zh-hk': '請選擇問題類型',
  },
  TICKET_COMPLETED: {
    'us-en': 'This work order is completed and cannot be changed',
    'zh-cn': '该工单已完成，无法再修改',
    'zh-hk': '該工單已完成，無法再修改',
  },
  USER_NOT_FOUND: { 'us-en': 'No user matches', 'zh-cn': '未找到该用户', 'zh-hk': '未找到該用戶' },

  // earn: Home, energy and tasks
  AMOUNT_DECIMALS: {
    'us-en': 'Energy amounts have at most 2 decimal places',
    'zh-cn': '能量数量最多 2 位小数',
    'zh-hk': '能量數量最多 2 位小數',
  },
  AMOUNT_TOO_SMALL: {
    'us-en': 'The amount is too small to convert',
    'zh-cn': '数量太小，无法转换',
    'zh-hk': '數量太小，無法轉換',
  },
  TASK_NOT_DONE: {
    'us-en': 'This task is not finished yet',
    'zh-cn': '该任务尚未完成',
    'zh-hk': '該任務尚未完成',
  },
  TASK_EXPIRED: {
    'us-en': 'This task has expired: its period is over',
    'zh-cn': '该任务已过期，周期已结束',
    'zh-hk': '該任務已過期，週期已結束',
  },

  // operator console: goods, orders, device batches, parameters
  STOCK_BELOW_SOLD: {
    'us-en': 'Fewer units are left unsold than you want to remove',
    'zh-cn': '未售出的库存少于要减少的数量',
    'zh-hk': '未售出的庫存少於要減少的數量',
  },
  STOCK_UNLIMITED: {
    'us-en': 'This good has unlimited stock',
    'zh-cn': '该商品库存不限',
    'zh-hk': '該商品庫存不限',
  },
  ORDER_STEP_INVALID: {
    'us-en': 'This order cannot move to that status',
    'zh-cn': '该订单无法变更为此状态',
    'zh-hk': '該訂單無法變更為此狀態',
  },

  // earn: Discover and the daily settlement
  PLEDGE_EXCEEDED: {
    'us-en': 'The amount is more than you have pledged',
    'zh-cn': '数量超过已质押的数量',
    'zh-hk': '數量超過已質押的數量',
  },
  NOTHING_TO_RECEIVE: { 'us-en': 'No rewards to receive', 'zh-cn': '暂无可领取的奖励', 'zh-hk': '暫無可領取的獎勵' },
  SETTLEMENT_DAY_FUTURE: {
    'us-en': 'Only a day up to today (UTC) can be settled',
    'zh-cn': '只能结算今天（UTC）及之前的日期',
    'zh-hk': '只能結算今天（UTC）及之前的日期',
  },

  // faults: the database or the chain node down
  SERVICE_UNAVAILABLE: {
    'us-en': 'The service is temporarily unavailable, please try again later',
    'zh-cn': '服务暂时不可用，请稍后再试',
    'zh-hk': '服務暫時不可用，請稍後再試',
  },

  // the wallet's encrypted vault (the checker is vault.ts)
  VAULT_MALFORMED: {
    'us-en': "{field} is not in the app's vault format",
    'zh-cn': '{field}不是本应用的加密格式',
    'zh-hk': '{field}不是本應用的加密格式',
  },
  VAULT_VERSION_UNKNOWN: {
    'us-en': '{field} is not supported (version 1 only)',
    'zh-cn': '{field}不受支持（仅支持版本 1）',
    'zh-hk': '{field}不受支援（僅支援版本 1）',
  },
  VAULT_KDF_UNKNOWN: {
    'us-en': '{field} is not supported (PBKDF2-SHA256 only)',
    'zh-cn': '{field}不受支持（仅支持 PBKDF2-SHA256）',
    'zh-hk': '{field}不受支援（僅支援 PBKDF2-SHA256）',
  },
  /** The figures are VAULT_MIN_ITERATIONS and VAULT_MAX_ITERATIONS (a test keeps them equal). */
  VAULT_ITERATIONS: {
    'us-en': '{field} must be a whole number from 600,000 to 10,000,000',
    'zh-cn': '{field}须为 600,000 至 10,000,000 之间的整数',
    'zh-hk': '{field}須為 600,000 至 10,000,000 之間的整數',
  },

  // accounts
  CODE_REQUIRED: {
    'us-en': 'Please enter the verification code',
    'zh-cn': '请输入验证码',
    'zh-hk': '請輸入驗證碼',
  },
  CODE_INVALID: {
    'us-en': 'The verification code is incorrect',
    'zh-cn': '验证码不正确',
    'zh-hk': '驗證碼不正確',
  },
  CODE_EXPIRED: {
    'us-en': 'The verification code has expired or was used up, please request a new one',
    'zh-cn': '验证码已失效，请重新获取',
    'zh-hk': '驗證碼已失效，請重新獲取',
  },
  CODE_COOLDOWN: {
    'us-en': 'Please wait {seconds} seconds before requesting another code',
    'zh-cn': '请在{seconds}秒后再获取验证码',
    'zh-hk': '請在{seconds}秒後再獲取驗證碼',
  },
  SMS_UNAVAILABLE: {
    'us-en': 'Text messages are not available, please use your email address',
    'zh-cn': '短信服务暂不可用，请使用邮箱',
    'zh-hk': '短信服務暫不可用，請使用郵箱',
  },
  ACCOUNT_EXISTS: {
    'us-en': 'This account is already registered',
    'zh-cn': '该账号已注册',
    'zh-hk': '該帳號已註冊',
  },
  ACCOUNT_NOT_FOUND: {
    'us-en': 'This account is not registered',
    'zh-cn': '该账号未注册',
    'zh-hk': '該帳號未註冊',
  },
  LOGIN_FAILED: {
    'us-en': 'Incorrect account or password',
    'zh-cn': '账号或密码错误',
    'zh-hk': '帳號或密碼錯誤',
  },
  TOO_MANY_ATTEMPTS: {
    'us-en': 'Too many failed attempts, please try again later',
    'zh-cn': '失败次数过多，请稍后再试',
    'zh-hk': '失敗次數過多，請稍後再試',
  },
  LOGIN_DELAYED: {
    'us-en': 'Too many wrong passwords. Please try again in {wait}',
    'zh-cn': '密码错误次数过多，请在{wait}后再试',
    'zh-hk': '密碼錯誤次數過多，請在{wait}後再試',
  },
  LOGIN_CODE_REQUIRED: {
    'us-en': 'This account had many failed sign-ins. Send a verification code to it and enter the code',
    'zh-cn': '该账号登录失败次数过多，请获取验证码并输入',
    'zh-hk': '該帳號登入失敗次數過多，請獲取驗證碼並輸入',
  },
  GOOGLE_CODE_REQUIRED: {
    'us-en': 'Please enter the Google authenticator code',
    'zh-cn': '请输入谷歌验证码',
    'zh-hk': '請輸入谷歌驗證碼',
  },
  GOOGLE_CODE_INVALID: {
    'us-en': 'The Google authenticator code is incorrect',
    'zh-cn': '谷歌验证码不正确',
    'zh-hk': '谷歌驗證碼不正確',
  },
  INVITE_CODE_INVALID: {
    'us-en': 'The invitation code does not exist',
    'zh-cn': '邀请码不存在',
    'zh-hk': '邀請碼不存在',
  },
  ARTICLE_NOT_FOUND: {
    'us-en': 'This article does not exist',
    'zh-cn': '文章不存在',
    'zh-hk': '文章不存在',
  },
} as const satisfies Record<string, Texts>

export type ErrorCode = keyof typeof ERRORS

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value)
}

/** Field names as a person reads them, for the generic field messages. */
export const FIELD_LABELS: Record<string, Texts> = {
  // earn and shop
  phone: { 'us-en': 'Phone number', 'zh-cn': '手机号', 'zh-hk': '手機號' },
  request_id: { 'us-en': 'Request id', 'zh-cn': '请求编号', 'zh-hk': '請求編號' },
  asset: { 'us-en': 'Asset', 'zh-cn': '资产', 'zh-hk': '資產' },
  direction: { 'us-en': 'Direction', 'zh-cn': '方向', 'zh-hk': '方向' },
  // mine
  nickname: { 'us-en': 'Nickname', 'zh-cn': '昵称', 'zh-hk': '暱稱' },
  gender: { 'us-en': 'Gender', 'zh-cn': '性别', 'zh-hk': '性別' },
  birthday: { 'us-en': 'Birthday', 'zh-cn': '生日', 'zh-hk': '生日' },
  height: { 'us-en': 'Height', 'zh-cn': '身高', 'zh-hk': '身高' },
  weight: { 'us-en': 'Weight', 'zh-cn': '体重', 'zh-hk': '體重' },
  stride: { 'us-en': 'Natural stride', 'zh-cn': '自然步幅', 'zh-hk': '自然步幅' },
  hr_zone: { 'us-en': 'Maximum heart rate', 'zh-cn': '最大心率', 'zh-hk': '最大心率' },
  time_zone: { 'us-en': 'Time zone', 'zh-cn': '时区', 'zh-hk': '時區' },
  file: { 'us-en': 'File', 'zh-cn': '文件', 'zh-hk': '檔案' },
  action: { 'us-en': 'Action', 'zh-cn': '操作类型', 'zh-hk': '操作類型' },
  id: { 'us-en': 'ID', 'zh-cn': 'ID', 'zh-hk': 'ID' },
  // health and devices
  device_code: { 'us-en': 'Device code', 'zh-cn': '设备码', 'zh-hk': '裝置碼' },
  active_code: { 'us-en': 'Activation code', 'zh-cn': '激活码', 'zh-hk': '激活碼' },
  date: { 'us-en': 'Date', 'zh-cn': '日期', 'zh-hk': '日期' },
  answers: { 'us-en': 'Answers', 'zh-cn': '答案', 'zh-hk': '答案' },
  step: { 'us-en': 'Step goal', 'zh-cn': '步数目标', 'zh-hk': '步數目標' },
  calorie: { 'us-en': 'Calorie goal', 'zh-cn': '卡路里目标', 'zh-hk': '卡路里目標' },
  distance: { 'us-en': 'Distance goal', 'zh-cn': '距离目标', 'zh-hk': '距離目標' },
  exercise: { 'us-en': 'Exercise', 'zh-cn': '运动', 'zh-hk': '運動' },
  sleep: { 'us-en': 'Sleep', 'zh-cn': '睡眠', 'zh-hk': '睡眠' },
  heart_rate: { 'us-en': 'Heart rate', 'zh-cn': '心率', 'zh-hk': '心率' },
  source: { 'us-en': 'File type', 'zh-cn': '文件类型', 'zh-hk': '檔案類型' },
  start: { 'us-en': 'Start time', 'zh-cn': '开始时间', 'zh-hk': '開始時間' },
  duration_s: { 'us-en': 'Duration', 'zh-cn': '时长', 'zh-hk': '時長' },
  distance_m: { 'us-en': 'Distance', 'zh-cn': '距离', 'zh-hk': '距離' },
  steps: { 'us-en': 'Steps', 'zh-cn': '步数', 'zh-hk': '步數' },
  // support and console
  cat_id: { 'us-en': 'Category', 'zh-cn': '问题类型', 'zh-hk': '問題類型' },
  title: { 'us-en': 'Title', 'zh-cn': '标题', 'zh-hk': '標題' },
  content: { 'us-en': 'Content', 'zh-cn': '内容', 'zh-hk': '內容' },
  status: { 'us-en': 'Status', 'zh-cn': '状态', 'zh-hk': '狀態' },
  client_id: { 'us-en': 'Message id', 'zh-cn': '消息编号', 'zh-hk': '消息編號' },
  app_version: { 'us-en': 'Version', 'zh-cn': '版本号', 'zh-hk': '版本號' },
  query: { 'us-en': 'Search', 'zh-cn': '搜索内容', 'zh-hk': '搜尋內容' },
  // operator console: goods, orders, device batches, parameters
  kind: { 'us-en': 'Kind', 'zh-cn': '类型', 'zh-hk': '類型' },
  description: { 'us-en': 'Description', 'zh-cn': '描述', 'zh-hk': '描述' },
  price: { 'us-en': 'Price', 'zh-cn': '价格', 'zh-hk': '價格' },
  stock: { 'us-en': 'Stock', 'zh-cn': '库存', 'zh-hk': '庫存' },
  delta: { 'us-en': 'Change', 'zh-cn': '变动数量', 'zh-hk': '變動數量' },
  fulfilment: { 'us-en': 'Fulfilment', 'zh-cn': '交付方式', 'zh-hk': '交付方式' },
  active: { 'us-en': 'On sale', 'zh-cn': '上架', 'zh-hk': '上架' },
  model: { 'us-en': 'Model', 'zh-cn': '型号', 'zh-hk': '型號' },
  count: { 'us-en': 'Count', 'zh-cn': '数量', 'zh-hk': '數量' },
  key: { 'us-en': 'Parameter', 'zh-cn': '参数', 'zh-hk': '參數' },
  value: { 'us-en': 'Value', 'zh-cn': '值', 'zh-hk': '值' },
  // earn: Discover and the daily settlement
  day: { 'us-en': 'Day', 'zh-cn': '日期', 'zh-hk': '日期' },
  account: { 'us-en': 'Account', 'zh-cn': '账号', 'zh-hk': '帳號' },
  password: { 'us-en': 'Password', 'zh-cn': '密码', 'zh-hk': '密碼' },
  repassword: { 'us-en': 'Confirm password', 'zh-cn': '确认密码', 'zh-hk': '確認密碼' },
  code: { 'us-en': 'Verification code', 'zh-cn': '验证码', 'zh-hk': '驗證碼' },
  type: { 'us-en': 'Type', 'zh-cn': '类型', 'zh-hk': '類型' },
  prefix: { 'us-en': 'Country code', 'zh-cn': '区号', 'zh-hk': '區號' },
  scene: { 'us-en': 'Purpose', 'zh-cn': '用途', 'zh-hk': '用途' },
  invite_code: { 'us-en': 'Invitation code', 'zh-cn': '邀请码', 'zh-hk': '邀請碼' },
  google_code: { 'us-en': 'Google authenticator code', 'zh-cn': '谷歌验证码', 'zh-hk': '谷歌驗證碼' },
  agree: { 'us-en': 'Privacy agreement', 'zh-cn': '隐私协议', 'zh-hk': '隱私協議' },
  page: { 'us-en': 'Page', 'zh-cn': '页码', 'zh-hk': '頁碼' },
  limit: { 'us-en': 'Page size', 'zh-cn': '每页数量', 'zh-hk': '每頁數量' },
  method: { 'us-en': 'Operation', 'zh-cn': '操作', 'zh-hk': '操作' },
  name: { 'us-en': 'Name', 'zh-cn': '名称', 'zh-hk': '名稱' },
  address: { 'us-en': 'Address', 'zh-cn': '地址', 'zh-hk': '地址' },
  vault: { 'us-en': 'Encrypted wallet', 'zh-cn': '加密钱包', 'zh-hk': '加密錢包' },
  'vault.v': { 'us-en': 'Encrypted wallet version', 'zh-cn': '加密钱包版本', 'zh-hk': '加密錢包版本' },
  'vault.kdf': {
    'us-en': 'Encrypted wallet key derivation',
    'zh-cn': '加密钱包密钥派生算法',
    'zh-hk': '加密錢包金鑰派生演算法',
  },
  'vault.iter': {
    'us-en': 'Encrypted wallet iteration count',
    'zh-cn': '加密钱包迭代次数',
    'zh-hk': '加密錢包迭代次數',
  },
  'vault.salt': { 'us-en': 'Encrypted wallet salt', 'zh-cn': '加密钱包盐值', 'zh-hk': '加密錢包鹽值' },
  'vault.iv': { 'us-en': 'Encrypted wallet IV', 'zh-cn': '加密钱包初始向量', 'zh-hk': '加密錢包初始向量' },
  'vault.ct': { 'us-en': 'Encrypted wallet ciphertext', 'zh-cn': '加密钱包密文', 'zh-hk': '加密錢包密文' },
  amount: { 'us-en': 'Amount', 'zh-cn': '数量', 'zh-hk': '數量' },
  notes: { 'us-en': 'Notes', 'zh-cn': '备注', 'zh-hk': '備註' },
  contract: { 'us-en': 'Contract address', 'zh-cn': '合约地址', 'zh-hk': '合約地址' },
}

export function fieldLabel(field: string, lang: WireLang): string {
  return FIELD_LABELS[field]?.[lang] ?? field
}

export type MessageArgs = { field?: string; seconds?: number; method?: string; reason?: string }

/** `seconds` as the words of a wait: "45 seconds", "3 minutes" (minutes rounded up from 60 s on). */
export function waitText(seconds: number, lang: WireLang): string {
  const minutes = Math.ceil(seconds / 60)
  if (seconds < 60) return { 'us-en': `${seconds} seconds`, 'zh-cn': `${seconds}秒`, 'zh-hk': `${seconds}秒` }[lang]
  return {
    'us-en': minutes === 1 ? '1 minute' : `${minutes} minutes`,
    'zh-cn': `${minutes}分钟`,
    'zh-hk': `${minutes}分鐘`,
  }[lang]
}

/**
 * The message for a code in a language, with `{field}`, `{seconds}`, `{method}`, `{reason}`
 * filled in, and `{wait}` as the words for `seconds`.
 */
export function errorMessage(code: ErrorCode, lang: WireLang, args: MessageArgs = {}): string {
  return ERRORS[code][lang].replace(/\{(field|seconds|method|reason|wait)\}/g, (_, key: keyof MessageArgs | 'wait') => {
    if (key === 'field') return args.field ? fieldLabel(args.field, lang) : ''
    if (key === 'wait') return waitText(args.seconds ?? 0, lang)
    return String(args[key] ?? '')
  })
}
