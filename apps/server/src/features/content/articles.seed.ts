/**
 * Seed texts for `/v1/articleinfo`: the Privacy Policy, the User Agreement and the
 * introduction, each in us-en, zh-cn and zh-hk. Plain text: paragraphs are separated by
 * a blank line, and a short numbered heading stands on its own line.
 * The three languages say the same thing; change them together.
 */

export type SeedArticle = {
  type: 'privacy' | 'protocol' | 'introduce'
  lang: 'zh-cn' | 'us-en' | 'zh-hk'
  title: string
  content: string
}

const PRIVACY_EN = `Effective date: 2026-11-22

This policy explains what personal information Kinetic ("we") collects when you use the app and its smart-watch service, why, how we protect it and what choices you have. By registering you accept it.

1. Information we collect

Account: the e-mail address or mobile phone number you register with, your login password (kept only as a one-way hash), whether Google Authenticator is switched on, and the invitation code you used or share.

Profile: avatar, nickname, gender, birthday, height, weight, natural stride, heart-rate zone settings, daily goals (steps, calories, distance), time zone, language, and your answers to the health questionnaire.

Watch and health data: data from your bound watch, from a Bluetooth heart-rate sensor you connect, or from sports files you import (GPX, TCX, FIT): heart rate, steps, distance, calories, sleep and sleep stages, blood pressure, blood oxygen (SpO2) and workouts, together with the device code and online status of your watch.

Wallet: the addresses of the wallets you create or import, the names you give them, your address book, the coins you add, the transactions you send through the app, and the encrypted wallet vault as ciphertext only. Your 12 recovery words, private keys and wallet password never leave your device in clear. They are encrypted on your device with your wallet password before anything is stored, so nobody, including us, can read them or recover them for you.

Earning and shop: energy, points, computing power and KNT balances and their ledger records, tasks, pledges, receive records, redemptions and orders, and, for physical goods, the recipient's name, phone number and shipping address.

Support: your customer-service chat messages, work tickets and the files you attach to them.

Technical: IP address, device type, sign-in times and security logs.

2. How we use it

To provide the service: signing you in, receiving data from your watch, and producing your sleep, heart-rate, sports, weekly and physical-fitness reports and daily-goal progress.

To run earning, only with your authorization. In Mine > User authorization there are three separate switches: exercise, sleep and heart rate. Switching one on means you agree that we may use that kind of data for commercial purposes, first of all to calculate the energy and rewards you earn, as described on that page. Without an authorization, that data still powers your own reports, but it earns nothing and is shared with no one.

To run the shop and deliver orders, send verification codes and notices, answer support requests, prevent fraud and cheating, and meet legal obligations.

3. Sharing

We share personal information only with providers that run parts of the service for us (hosting, e-mail delivery) under confidentiality duties; with carriers, for physical orders; with the blockchain network when you send a transaction; when the law requires it; and, for authorized data, as described on the authorization page. Anything broadcast to BNB Smart Chain (addresses, amounts, transactions) is public and permanent; nobody can remove it.

4. Storage and security

Passwords are hashed with argon2id and never stored in readable form. Your session is a random token in an HttpOnly cookie that page scripts cannot read; the server keeps only its hash, and changing your password signs out your other sessions. Verification codes are stored hashed and expire after 10 minutes, with limited tries; sign-in and code sending are rate-limited. You can add Google Authenticator as a second step. Every request is checked so that you reach only your own data. Your language and preferences stay in your browser's local storage. If a breach affects you, we will inform you and the authorities as the law requires.

5. Retention and account cancellation

We keep your data while your account is active. You can cancel your account in Mine > Settings after confirming a verification code. We then delete or anonymize your personal information, including your profile, health data, device bindings, address book, support history and encrypted wallet vault. Ledger records of points, energy, KNT and orders are kept in anonymized form where accounting rules require it. Transactions already on the blockchain cannot be deleted by anyone. Before cancelling, make sure you have your 12 words written down: once the vault is deleted, only your own backup can restore the wallet.

6. Your rights

You can access and correct your profile, goals and devices in the app at any time. You can ask for a copy of your data in a machine-readable format, or for its correction or deletion, through a work ticket. You can withdraw any authorization in Mine > User authorization; this takes effect for data from that moment on and does not affect use made before. You can clear locally stored data with Clear cache. We answer requests without undue delay and within the time the law allows.

7. Children

Kinetic is not intended for children under 14, and we do not knowingly collect their data. If a child has registered, contact us and we will delete the account.

8. Changes to this policy

The effective date above shows the current version. We will announce material changes in the app before they take effect; if you disagree, you can cancel your account.

9. Contact us

Questions, requests and complaints about privacy are handled through in-app customer service (Mine > Customer service) and work tickets (Mine > Work orders).`

const PRIVACY_ZH_CN = `生效日期：2026-11-22

本政策说明 Kinetic（以下称“我们”）在你使用本应用及其智能手表服务时收集哪些个人信息、为何收集、如何保护，以及你有哪些选择。注册即表示你接受本政策。

1. 我们收集的信息

账户信息：你注册所用的电子邮箱或手机号码、登录密码（仅保存其单向哈希值）、是否开启谷歌验证器，以及你使用或分享的邀请码。

个人资料：头像、昵称、性别、生日、身高、体重、自然步幅、心率区间设置、每日目标（步数、卡路里、距离）、时区、语言，以及你在健康问卷中的回答。

手表与健康数据：来自已绑定手表、你连接的蓝牙心率设备或你导入的运动文件（GPX、TCX、FIT）的数据，包括心率、步数、距离、卡路里、睡眠及睡眠分期、血压、血氧（SpO2）和运动记录，以及手表的设备编码和在线状态。

钱包信息：你创建或导入的钱包地址、你为钱包起的名称、地址簿、添加的币种、通过应用发出的交易，以及仅以密文形式保存的加密钱包数据。你的 12 个助记词、私钥和钱包密码绝不会以明文离开你的设备：它们在保存之前已在你的设备上用钱包密码加密，因此任何人（包括我们）都无法读取，也无法替你找回。

收益与商城：能量、积分、算力和 KNT 余额及其账本记录、任务、质押、领取记录、兑换和订单；购买实物商品时，还包括收货人姓名、电话和收货地址。

客户服务：你与在线客服的聊天内容、工单及其中上传的文件。

技术信息：IP 地址、设备类型、登录时间及安全日志。

2. 我们如何使用

提供服务：为你登录、接收手表数据，并生成睡眠、心率、运动、周报和体能分析报告，以及每日目标进度。

在你授权后运行收益功能。在“我的 > 用户授权”中有三项独立开关：运动、睡眠和心率。开启某项授权，即表示你同意我们将该类数据用于商业用途，首先是计算你获得的能量和奖励，具体以该页面说明为准。未授权的数据仍会用于生成你自己的报告，但不会产生任何收益，也不会与任何人共享。

运营商城并交付订单，发送验证码和通知，处理客服请求，防范欺诈和作弊，以及履行法定义务。

3. 信息共享

我们仅在以下情况下共享个人信息：与为我们运行部分服务的服务商（托管、邮件发送）共享，并要求其承担保密义务；为实物订单与物流公司共享；你发送交易时与区块链网络共享；法律要求时；以及对已授权的数据，按授权页面的说明处理。广播到 BNB 智能链上的内容（地址、金额、交易）是公开且永久的，任何人都无法删除。

4. 存储与安全

密码使用 argon2id 进行哈希，绝不以可读形式保存。你的登录会话是一个随机令牌，保存在页面脚本无法读取的 HttpOnly Cookie 中，服务器只保存其哈希值，修改密码后你的其他会话会被退出。验证码以哈希形式保存，10 分钟后失效，且尝试次数有限；登录和发送验证码均有频率限制。你可以开启谷歌验证器作为第二重验证。每个请求都会经过校验，确保你只能访问自己的数据。你的语言和偏好设置保存在浏览器本地存储中。如发生影响你的安全事件，我们会依法通知你和有关部门。

5. 保存期限与注销账户

在你的账户有效期间，我们会保存你的数据。你可以在“我的 > 设置”中通过验证码确认后注销账户。注销后，我们会删除或匿名化你的个人信息，包括个人资料、健康数据、设备绑定、地址簿、客服记录和加密钱包数据。积分、能量、KNT 和订单的账本记录将按会计规定的要求以匿名形式保留。已经上链的交易任何人都无法删除。注销前请确认你已抄写好 12 个助记词：加密钱包数据删除后，只有你自己的备份才能恢复钱包。

6. 你的权利

你可以随时在应用中查看和更正个人资料、目标和设备。你可以通过工单申请获取你的数据副本（机器可读格式），或申请更正、删除。你可以在“我的 > 用户授权”中撤回任何授权；撤回自该时刻起对之后的数据生效，不影响此前已进行的使用。你可以通过“清除缓存”清除本地保存的数据。我们会及时处理你的请求，并在法律规定的期限内答复。

7. 儿童

Kinetic 不面向 14 岁以下的儿童，我们不会故意收集其信息。如有儿童注册了账户，请联系我们，我们将删除该账户。

8. 政策变更

页首的生效日期即为当前版本。重大变更生效前，我们会在应用内公告；如你不同意，可以注销账户。

9. 联系我们

有关隐私的问题、请求和投诉，请通过应用内的在线客服（我的 > 客服）或工单（我的 > 工单）联系我们。`

const PRIVACY_ZH_HK = `生效日期：2026-11-22

本政策說明 Kinetic（下稱「我們」）在你使用本應用程式及其智能手錶服務時收集哪些個人資料、為何收集、如何保護，以及你有哪些選擇。註冊即表示你接受本政策。

1. 我們收集的資料

帳戶資料：你註冊時使用的電郵地址或手機號碼、登入密碼（只保存其單向雜湊值）、是否已啟用 Google 驗證器，以及你使用或分享的邀請碼。

個人檔案：頭像、暱稱、性別、生日、身高、體重、自然步幅、心率區間設定、每日目標（步數、卡路里、距離）、時區、語言，以及你在健康問卷中的回答。

手錶與健康資料：來自已綁定手錶、你連接的藍牙心率裝置或你匯入的運動檔案（GPX、TCX、FIT）的資料，包括心率、步數、距離、卡路里、睡眠及睡眠階段、血壓、血氧（SpO2）和運動紀錄，以及手錶的裝置編碼和在線狀態。

錢包資料：你建立或匯入的錢包地址、你為錢包取的名稱、地址簿、已加入的幣種、透過應用程式發出的交易，以及只以密文形式保存的加密錢包資料。你的 12 個助記詞、私鑰和錢包密碼絕不會以明文離開你的裝置：它們在保存之前已在你的裝置上以錢包密碼加密，因此任何人（包括我們）都無法讀取，也無法替你找回。

收益與商城：能量、積分、算力和 KNT 餘額及其帳本紀錄、任務、質押、領取紀錄、兌換和訂單；購買實物商品時，亦包括收件人姓名、電話和送貨地址。

客戶服務：你與線上客服的對話內容、工單及其中上載的檔案。

技術資料：IP 位址、裝置類型、登入時間及安全日誌。

2. 我們如何使用

提供服務：為你登入、接收手錶資料，並製作睡眠、心率、運動、週報和體能分析報告，以及每日目標進度。

在你授權後運作收益功能。「我的 > 用戶授權」中設有三個獨立開關：運動、睡眠和心率。開啟某項授權，即表示你同意我們把該類資料用於商業用途，首要是計算你獲得的能量和獎勵，詳情以該頁面的說明為準。未經授權的資料仍會用於製作你自己的報告，但不會帶來任何收益，也不會與任何人分享。

營運商城及交付訂單，發送驗證碼和通知，處理客服查詢，防範詐騙和作弊，以及履行法律責任。

3. 資料分享

我們只會在以下情況分享個人資料：與替我們運作部分服務的服務供應商（託管、電郵發送）分享，並要求其履行保密責任；為實物訂單與物流公司分享；你發送交易時與區塊鏈網絡分享；法律要求時；以及對已授權的資料，按授權頁面的說明處理。廣播到 BNB 智能鏈上的內容（地址、金額、交易）是公開且永久的，任何人都無法刪除。

4. 儲存與安全

密碼以 argon2id 進行雜湊處理，絕不以可讀形式保存。你的登入工作階段是一個隨機權杖，存放在網頁程式碼無法讀取的 HttpOnly Cookie 中，伺服器只保存其雜湊值，更改密碼後你的其他工作階段會被登出。驗證碼以雜湊形式保存，10 分鐘後失效，而且嘗試次數有限；登入和發送驗證碼均設有頻率限制。你可以啟用 Google 驗證器作為第二重驗證。每個請求都會經過檢查，確保你只能存取自己的資料。你的語言和偏好設定保存在瀏覽器的本機儲存空間。如發生影響你的安全事故，我們會按法律要求通知你及有關當局。

5. 保存期限與註銷帳戶

在你的帳戶有效期間，我們會保存你的資料。你可以在「我的 > 設定」中以驗證碼確認後註銷帳戶。註銷後，我們會刪除或匿名化你的個人資料，包括個人檔案、健康資料、裝置綁定、地址簿、客服紀錄和加密錢包資料。積分、能量、KNT 和訂單的帳本紀錄會按會計規定的要求以匿名形式保留。已經上鏈的交易任何人都無法刪除。註銷前請確定你已抄下 12 個助記詞：加密錢包資料刪除後，只有你自己的備份才能還原錢包。

6. 你的權利

你可隨時在應用程式中查閱及更正個人檔案、目標和裝置。你可透過工單要求取得你的資料副本（機器可讀格式），或要求更正、刪除。你可在「我的 > 用戶授權」中撤回任何授權；撤回由該刻起對之後的資料生效，不影響此前已作出的使用。你可透過「清除快取」清除本機保存的資料。我們會從速處理你的要求，並在法律容許的期限內回覆。

7. 兒童

Kinetic 並非為 14 歲以下兒童而設，我們不會蓄意收集其資料。如有兒童註冊了帳戶，請聯絡我們，我們會刪除該帳戶。

8. 政策修訂

頁首的生效日期即為現行版本。重大修訂生效前，我們會在應用程式內公佈；如你不同意，可以註銷帳戶。

9. 聯絡我們

有關隱私的問題、要求和投訴，請透過應用程式內的線上客服（我的 > 客服）或工單（我的 > 工單）聯絡我們。`

const PROTOCOL_EN = `Effective date: 2026-11-22

This agreement between you and Kinetic governs your use of the app, the smart-watch service, the earning area, the points shop and the wallet. Read it with the Privacy Policy. By registering or using Kinetic you accept it.

1. Your account and its security

You register with an e-mail address or mobile number and must give accurate information. Your password must be 6 to 20 characters without spaces; keep it secret. We recommend switching on Google Authenticator. You are responsible for everything done under your account. If you suspect misuse, change your password and contact us at once.

2. Verification codes

Verification codes (6 digits) confirm registration, password changes, e-mail binding and account cancellation. A code expires after 10 minutes and allows only a few tries. Never give a code to anyone: our staff will never ask for your codes, your password or your 12 recovery words.

3. Acceptable use

You must not register accounts in bulk to collect rewards; fake steps, sleep, heart rate or workouts with scripts, simulators or altered devices; attack, overload or bypass the limits of the service; post unlawful or abusive content in chat or tickets; or use Kinetic for fraud, money laundering or anything unlawful. We may cancel rewards, points or orders obtained this way.

4. Health data is not medical advice

Readings and reports, including heart rate, blood pressure, blood oxygen, sleep, VO2max and the physical-fitness analysis, are estimates for general wellness. Kinetic is not a medical device and does not diagnose or treat any disease. Consult a doctor, stop exercising if you feel unwell, and call emergency services in an emergency.

5. Energy, points, computing power and KNT

Energy comes from authorized activity (steps, workouts, sleep), up to a daily cap, and can be contributed to become computing power. A daily settlement divides that day's KNT emission by computing power; the emission halves from stage to stage. Your share appears as unclaimed rewards until you receive it. Pledging KNT activates a node and boosts computing power, and KNT can be collected to your own wallet. Points come from tasks and invitations and are spent in the shop.

These are virtual rewards, not deposits, securities, investments or electronic money, with no guaranteed value, price or return; we do not promise that KNT can be traded anywhere. All rates, caps, emissions, stages, pledge terms, task rewards and prices are tunable and may change; the rules page in the app shows the numbers in force and governs. Points, energy and computing power cannot be transferred between accounts or exchanged for cash unless the rules page says so.

6. The points shop

Virtual goods are redeemed with points and delivered at once; the physical-fitness analysis, for example, is valid for the number of days shown on the product, counted from redemption. Redeemed virtual goods cannot be returned unless they fail to work. For physical goods, give an accurate recipient, phone number and address; orders are confirmed while stock lasts, delivery times are estimates, and the order status is shown in the app. Report a missing or damaged parcel through a work ticket.

7. The non-custodial wallet

Kinetic provides wallet software: your keys are created and used only on your device, and we never hold your assets or keys. You alone hold your 12 recovery words. Write them down offline and never share them; whoever has them controls the wallet. Lost words cannot be recovered by us or anyone else, and a forgotten wallet password can only be reset with the words. Only send BSC/BEP20 assets to your receive address; assets sent from other networks may be lost for good. Transactions you sign are broadcast to BNB Smart Chain and are irreversible; check the address and amount, because we cannot cancel or refund them. Network fees are paid in BNB to the network, not to us; the fast, recommended and slow tiers (about 3 seconds, 15 seconds, 1 minute) are estimates.

8. Limitation of liability

Kinetic is provided "as is". To the extent the law allows, we are not liable for losses caused by lost words or passwords, a compromised device, blockchain congestion or failure, changes in the value of KNT or other tokens, inaccurate sensor readings, or events beyond our control. Where we are liable, our liability is limited to what you paid us for the goods or service concerned. Nothing here limits liability that the law does not allow to be limited.

9. Suspension and termination

We may suspend or close an account, or freeze rewards during an investigation, if this agreement is broken, there is a security risk or the law requires it. You may cancel your account at any time in the app; this forfeits points, energy, computing power and unclaimed rewards, so collect your KNT first. Your on-chain wallet stays yours as long as you keep the words.

10. Changes

We will announce material changes to this agreement or the rules in the app before they take effect; continuing to use Kinetic means you accept them.

11. Governing terms

This agreement, the Privacy Policy and the rules page form the whole agreement; if a part is invalid, the rest stays in force. The three language versions have the same meaning, and mandatory consumer rights where you live are not affected. Please raise any dispute first through customer service or a work ticket.`

const PROTOCOL_ZH_CN = `生效日期：2026-11-22

本协议是你与 Kinetic 之间的协议，适用于你对本应用、智能手表服务、收益专区、积分商城和钱包的使用。请与隐私政策一并阅读。注册或使用 Kinetic 即表示你接受本协议。

1. 账户与安全

你需使用电子邮箱或手机号码注册，并提供真实信息。密码须为 6 至 20 位且不含空格，请妥善保管。我们建议开启谷歌验证器。你需对账户下的一切行为负责。如怀疑账户被盗用，请立即修改密码并联系我们。

2. 验证码

注册、修改密码、绑定邮箱和注销账户时需使用 6 位验证码确认。验证码 10 分钟后失效，且只能尝试有限次数。切勿将验证码告诉任何人：我们的工作人员绝不会向你索要验证码、密码或 12 个助记词。

3. 使用规范

你不得批量注册账户以获取奖励；不得用脚本、模拟器或改装设备伪造步数、睡眠、心率或运动记录；不得攻击本服务、使其过载或绕过其限制；不得在聊天或工单中发布违法或辱骂内容；不得利用 Kinetic 从事欺诈、洗钱或其他违法活动。通过上述方式获得的奖励、积分或订单，我们有权取消。

4. 健康数据不构成医疗建议

读数和报告，包括心率、血压、血氧、睡眠、最大摄氧量和体能分析，均为一般健康参考的估算值。Kinetic 不是医疗器械，不用于诊断或治疗任何疾病。请咨询医生；如感到不适请停止运动；遇到紧急情况请拨打急救电话。

5. 能量、积分、算力与 KNT

能量来自已授权的活动（步数、运动、睡眠），每日设有上限，可通过贡献转化为算力。每日结算按算力分配当天的 KNT 产出；产出每进入下一阶段减半。你应得的部分显示为待领取奖励，直到你领取。质押 KNT 可激活节点并提升算力，KNT 也可以提取到你自己的钱包。积分来自任务和邀请，可在商城中使用。

以上均为虚拟奖励，不是存款、证券、投资产品或电子货币，不保证任何价值、价格或回报；我们也不承诺 KNT 可在任何地方交易。所有比率、上限、产出、阶段、质押条款、任务奖励和价格均可调整并可能变更，以应用内规则页面展示的现行数值为准。除非规则页面另有说明，积分、能量和算力不能在账户之间转让，也不能兑换现金。

6. 积分商城

虚拟商品使用积分兑换，兑换后立即发放；例如体能分析的有效期为商品页面所示的天数，自兑换之日起计算。已兑换的虚拟商品除无法正常使用外，不予退回。购买实物商品时，请提供准确的收货人、电话和地址；订单以库存为准确认，配送时间仅为预估，订单状态可在应用中查看。如包裹丢失或损坏，请通过工单反馈。

7. 非托管钱包

Kinetic 提供的是钱包软件：你的密钥只在你的设备上生成和使用，我们从不保管你的资产或密钥。12 个助记词只由你本人持有。请离线抄写，切勿分享；谁拿到助记词，谁就能控制该钱包。助记词一旦丢失，我们或任何人都无法找回；忘记钱包密码时，只能凭助记词重置。请只向你的收款地址转入 BSC/BEP20 资产，从其他网络转入的资产可能永久丢失。你签名的交易会广播到 BNB 智能链，不可撤销；请核对地址和金额，我们无法取消或退回。网络手续费以 BNB 支付给网络，而不是支付给我们；快速、推荐和慢速三档（约 3 秒、15 秒、1 分钟）均为预估时间。

8. 责任限制

Kinetic 按“现状”提供。在法律允许的范围内，对于因助记词或密码丢失、设备被入侵、区块链拥堵或故障、KNT 或其他代币价值变动、传感器读数不准确或我们无法控制的事件造成的损失，我们不承担责任。如我们须承担责任，以你就相关商品或服务向我们支付的金额为限。本协议不限制依法不得限制的责任。

9. 暂停与终止

如你违反本协议、存在安全风险或法律有此要求，我们可以暂停或关闭账户，或在调查期间冻结奖励。你可以随时在应用内注销账户；注销将放弃积分、能量、算力和待领取奖励，因此请先提取 KNT。只要你保管好助记词，链上的钱包始终归你所有。

10. 协议变更

本协议或规则的重大变更生效前，我们会在应用内公告；你继续使用 Kinetic 即表示接受变更。

11. 适用条款

本协议、隐私政策和规则页面共同构成完整协议；如某一条款无效，其余条款仍然有效。三种语言版本含义相同，你所在地法律赋予消费者的强制性权利不受影响。如有争议，请先通过在线客服或工单与我们联系。`

const PROTOCOL_ZH_HK = `生效日期：2026-11-22

本協議是你與 Kinetic 之間的協議，適用於你對本應用程式、智能手錶服務、收益專區、積分商城和錢包的使用。請與隱私政策一併閱讀。註冊或使用 Kinetic 即表示你接受本協議。

1. 帳戶與安全

你須以電郵地址或手機號碼註冊，並提供真實資料。密碼須為 6 至 20 個字元，且不可包含空格，請妥善保管。我們建議你啟用 Google 驗證器。你須為帳戶下的一切行為負責。如懷疑帳戶被盜用，請立即更改密碼並聯絡我們。

2. 驗證碼

註冊、更改密碼、綁定電郵及註銷帳戶時須以 6 位數字驗證碼確認。驗證碼 10 分鐘後失效，而且只可嘗試有限次數。切勿把驗證碼告訴任何人：我們的職員絕不會向你索取驗證碼、密碼或 12 個助記詞。

3. 使用守則

你不得大量註冊帳戶以賺取獎勵；不得用腳本、模擬器或改裝裝置偽造步數、睡眠、心率或運動紀錄；不得攻擊本服務、令其超出負荷或繞過其限制；不得在對話或工單中發佈違法或辱罵內容；不得利用 Kinetic 進行詐騙、洗黑錢或其他違法活動。以上述方式取得的獎勵、積分或訂單，我們有權取消。

4. 健康資料並非醫療建議

讀數和報告，包括心率、血壓、血氧、睡眠、最大攝氧量和體能分析，都只是供一般健康參考的估算值。Kinetic 並非醫療器材，不會診斷或治療任何疾病。請諮詢醫生；如感到不適請停止運動；遇上緊急情況請致電緊急服務。

5. 能量、積分、算力與 KNT

能量來自已授權的活動（步數、運動、睡眠），每日設有上限，可透過貢獻轉化為算力。每日結算按算力分配當日的 KNT 產出；產出每進入下一階段便減半。你應得的部分會顯示為待領取獎勵，直至你領取。質押 KNT 可啟動節點並提升算力，KNT 亦可提取到你自己的錢包。積分來自任務及邀請，可在商城使用。

以上都是虛擬獎勵，並非存款、證券、投資產品或電子貨幣，不保證任何價值、價格或回報；我們亦不承諾 KNT 可在任何地方買賣。所有比率、上限、產出、階段、質押條款、任務獎勵和價格均可調整及更改，以應用程式內規則頁面列出的現行數值為準。除非規則頁面另有說明，積分、能量和算力不可在帳戶之間轉讓，亦不可兌換現金。

6. 積分商城

虛擬商品以積分兌換，兌換後即時發放；例如體能分析的有效期為商品頁面所示的日數，由兌換當日起計。已兌換的虛擬商品除非無法正常使用，否則不設退還。購買實物商品時，請提供準確的收件人、電話和地址；訂單視乎存貨確認，送貨時間只屬預計，訂單狀態可在應用程式內查看。如包裹遺失或損壞，請透過工單通知我們。

7. 非託管錢包

Kinetic 提供的是錢包軟件：你的密鑰只會在你的裝置上產生和使用，我們從不保管你的資產或密鑰。12 個助記詞只由你本人持有。請離線抄寫，切勿分享；誰取得助記詞，誰就能控制該錢包。助記詞一旦遺失，我們或任何人都無法找回；忘記錢包密碼時，只能憑助記詞重設。請只向你的收款地址轉入 BSC/BEP20 資產，從其他網絡轉入的資產可能永久遺失。你簽署的交易會廣播到 BNB 智能鏈，無法撤回；請核對地址和金額，我們無法取消或退回。網絡手續費以 BNB 支付給網絡，而非支付給我們；快速、推薦和慢速三個檔位（約 3 秒、15 秒、1 分鐘）都只是預計時間。

8. 責任限制

Kinetic 按「現狀」提供。在法律容許的範圍內，對於因助記詞或密碼遺失、裝置被入侵、區塊鏈擠塞或故障、KNT 或其他代幣價值變動、感應器讀數不準確或我們無法控制的事件所引致的損失，我們概不負責。如我們須承擔責任，以你就相關商品或服務向我們支付的金額為限。本協議不會限制依法不得限制的責任。

9. 暫停與終止

如你違反本協議、出現安全風險或法律有所要求，我們可暫停或關閉帳戶，或在調查期間凍結獎勵。你可隨時在應用程式內註銷帳戶；註銷會放棄積分、能量、算力和待領取獎勵，因此請先提取 KNT。只要你保管好助記詞，鏈上的錢包始終屬於你。

10. 協議修訂

本協議或規則的重大修訂生效前，我們會在應用程式內公佈；你繼續使用 Kinetic 即表示接受有關修訂。

11. 適用條款

本協議、隱私政策和規則頁面共同構成完整協議；如任何條款無效，其餘條款仍然有效。三個語言版本的意思相同，你所在地法律賦予消費者的強制性權利不受影響。如有爭議，請先透過線上客服或工單聯絡我們。`

const INTRODUCE_EN = `Kinetic turns the smart watch on your wrist into a health companion, a source of rewards and a door to your own crypto wallet, all in one app.

1. Home

Your day at a glance: steps, heart rate, sleep and calories, your energy, and the newbie, daily and weekly tasks. Tap Go to start a task, Receive to collect its reward, and it shows Done. From here you can also contribute energy and see your activity records.

2. Discover

The earning centre: your computing power, node and stake, the current stage, unclaimed rewards and balance. Receive your rewards here and check every receive record.

3. Product

The points shop. Spend points on virtual goods, such as the physical-fitness analysis, or on physical goods delivered to your door.

4. Wallet

A non-custodial wallet for BNB and BSC/BEP20 tokens. Create or import a wallet with 12 recovery words, receive, send with a fee you choose, keep an address book and follow your history. Your words and keys stay on your device.

5. Mine

Your profile, watches, daily goal, user authorization, account security, language, account switching, messages, customer service, work tickets and your invitation code.

6. Bind your watch

Open Mine > Device, tap Bind and enter the device code and activation code supplied with your watch. Once it shows Online, your data syncs by itself. You can also connect a Bluetooth heart-rate sensor or import GPX, TCX and FIT files.

7. How energy and rewards work

Turn on the authorizations you are comfortable with (exercise, sleep, heart rate). Authorized activity earns energy, up to a daily limit. Contribute energy to build computing power; each day's KNT is shared out by computing power and waits as unclaimed rewards until you receive them. Pledge KNT to activate a node and boost your power, or collect it to your wallet. Tasks and invitations earn points for the shop. The rules page shows every current number.

8. Get started

Register and fill in your height, weight, birthday and stride so that the reports are accurate. Bind your watch, set a daily goal, choose your authorizations, then create a wallet and write down its 12 words. Enjoy moving with Kinetic.`

const INTRODUCE_ZH_CN = `Kinetic 让你腕上的智能手表成为健康伙伴、奖励来源和通往你自有加密钱包的入口，一切尽在一个应用中。

1. 首页

一眼看清你的一天：步数、心率、睡眠和卡路里，你的能量，以及新手任务、每日任务和每周任务。点击“去完成”开始任务，点击“领取”收下奖励，之后显示“已完成”。你还可以在这里贡献能量、查看活动记录。

2. 发现

收益中心：你的算力、节点与质押、当前阶段、待领取奖励和余额。在这里领取奖励，并查看每一条领取记录。

3. 商品

积分商城。用积分兑换虚拟商品（如体能分析），或购买送货上门的实物商品。

4. 钱包

支持 BNB 和 BSC/BEP20 代币的非托管钱包。使用 12 个助记词创建或导入钱包，收款、按你选择的手续费转账、管理地址簿并查看交易记录。你的助记词和私钥只保存在你的设备上。

5. 我的

个人资料、手表设备、每日目标、用户授权、账户安全、语言、账户切换、消息、在线客服、工单和你的邀请码。

6. 绑定手表

打开“我的 > 设备”，点击“绑定”，输入手表随附的设备编码和激活码。显示“在线”后，数据会自动同步。你也可以连接蓝牙心率设备，或导入 GPX、TCX 和 FIT 文件。

7. 能量与奖励如何运作

开启你愿意开启的授权（运动、睡眠、心率）。已授权的活动会产生能量，每日设有上限。贡献能量可积累算力；每天的 KNT 按算力分配，并作为待领取奖励保留，直到你领取。质押 KNT 可激活节点、提升算力，也可以把 KNT 提取到你的钱包。完成任务和邀请好友可获得积分，用于商城兑换。所有现行数值都在规则页面中列明。

8. 开始使用

注册并填写身高、体重、生日和步幅，让报告更加准确。绑定手表，设定每日目标，选择你的授权，然后创建钱包并抄写好 12 个助记词。与 Kinetic 一起动起来吧。`

const INTRODUCE_ZH_HK = `Kinetic 讓你腕上的智能手錶化身健康夥伴、獎勵來源，以及通往你自己加密錢包的入口，一切盡在一個應用程式之中。

1. 首頁

一眼看清你的一天：步數、心率、睡眠和卡路里，你的能量，以及新手任務、每日任務和每週任務。按「去完成」開始任務，按「領取」收取獎勵，之後會顯示「已完成」。你亦可在這裏貢獻能量及查看活動紀錄。

2. 發現

收益中心：你的算力、節點與質押、目前階段、待領取獎勵和餘額。在這裏領取獎勵，並查看每一筆領取紀錄。

3. 商品

積分商城。用積分兌換虛擬商品（例如體能分析），或購買送貨上門的實物商品。

4. 錢包

支援 BNB 和 BSC/BEP20 代幣的非託管錢包。以 12 個助記詞建立或匯入錢包，收款、按你選擇的手續費轉帳、管理地址簿及查看交易紀錄。你的助記詞和私鑰只會保存在你的裝置上。

5. 我的

個人檔案、手錶裝置、每日目標、用戶授權、帳戶安全、語言、切換帳戶、訊息、線上客服、工單和你的邀請碼。

6. 綁定手錶

打開「我的 > 裝置」，按「綁定」，輸入手錶附帶的裝置編碼和啟用碼。顯示「在線」後，資料便會自動同步。你亦可連接藍牙心率裝置，或匯入 GPX、TCX 和 FIT 檔案。

7. 能量與獎勵如何運作

開啟你願意開啟的授權（運動、睡眠、心率）。已授權的活動會產生能量，每日設有上限。貢獻能量可累積算力；每日的 KNT 按算力分配，並以待領取獎勵的形式保留，直至你領取。質押 KNT 可啟動節點、提升算力，你亦可把 KNT 提取到錢包。完成任務和邀請朋友可賺取積分，用於商城兌換。所有現行數值都列於規則頁面。

8. 開始使用

註冊並填寫身高、體重、生日和步幅，讓報告更準確。綁定手錶，設定每日目標，選擇你的授權，然後建立錢包並抄下 12 個助記詞。與 Kinetic 一起動起來吧。`

export const SEED_ARTICLES: readonly SeedArticle[] = [
  { type: 'privacy', lang: 'us-en', title: 'Privacy Policy', content: PRIVACY_EN },
  { type: 'privacy', lang: 'zh-cn', title: '隐私政策', content: PRIVACY_ZH_CN },
  { type: 'privacy', lang: 'zh-hk', title: '隱私政策', content: PRIVACY_ZH_HK },
  { type: 'protocol', lang: 'us-en', title: 'User Agreement', content: PROTOCOL_EN },
  { type: 'protocol', lang: 'zh-cn', title: '用户协议', content: PROTOCOL_ZH_CN },
  { type: 'protocol', lang: 'zh-hk', title: '用戶協議', content: PROTOCOL_ZH_HK },
  { type: 'introduce', lang: 'us-en', title: 'About Kinetic', content: INTRODUCE_EN },
  { type: 'introduce', lang: 'zh-cn', title: '关于 Kinetic', content: INTRODUCE_ZH_CN },
  { type: 'introduce', lang: 'zh-hk', title: '關於 Kinetic', content: INTRODUCE_ZH_HK },
]
