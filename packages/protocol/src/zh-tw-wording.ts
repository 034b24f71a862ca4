/**
 * Mainland vocabulary a Taiwan reader stumbles on, with the Taiwan wording to use instead
 * (docs/adr/2026-11-24-zh-tw-wording.md). Every zh-TW text is checked against it
 * (zh-tw-wording.test.ts); a term is written in traditional characters, as it would slip into
 * a zh-TW text converted character by character from zh-CN.
 */
export const MAINLAND_TERMS: readonly { term: RegExp; taiwan: string }[] = [
  { term: /郵箱/, taiwan: '電子郵件' },
  { term: /電郵/, taiwan: '電子郵件' },
  { term: /激活/, taiwan: '啟用' },
  { term: /用戶/, taiwan: '使用者' },
  { term: /數據/, taiwan: '資料' },
  { term: /消息/, taiwan: '訊息' },
  { term: /信息/, taiwan: '資訊 / 訊息' },
  { term: /設置/, taiwan: '設定' },
  { term: /默認/, taiwan: '預設' },
  { term: /登錄/, taiwan: '登入' },
  { term: /賬/, taiwan: '帳' },
  { term: /設備/, taiwan: '裝置' },
  { term: /軟件/, taiwan: '軟體' },
  { term: /硬件/, taiwan: '硬體' },
  { term: /固件/, taiwan: '韌體' },
  { term: /網絡/, taiwan: '網路' },
  { term: /互聯網/, taiwan: '網際網路' },
  { term: /二維碼/, taiwan: 'QR 碼' },
  { term: /點擊/, taiwan: '點選' },
  { term: /刷新/, taiwan: '重新整理' },
  { term: /在線/, taiwan: '線上' },
  { term: /短信/, taiwan: '簡訊' },
  { term: /保存/, taiwan: '儲存' },
  { term: /獲取/, taiwan: '取得' },
  { term: /彈窗/, taiwan: '彈出視窗' },
  { term: /窗口/, taiwan: '視窗' },
  { term: /谷歌/, taiwan: 'Google' },
  { term: /頭像/, taiwan: '大頭貼' },
  { term: /解綁/, taiwan: '解除綁定' },
  { term: /視頻/, taiwan: '影片' },
  { term: /鏈接/, taiwan: '連結' },
  { term: /服務器/, taiwan: '伺服器' },
  { term: /屏幕/, taiwan: '螢幕' },
  { term: /菜單/, taiwan: '選單' },
  { term: /緩存/, taiwan: '快取' },
  { term: /加載/, taiwan: '載入' },
  { term: /搜索/, taiwan: '搜尋' },
  { term: /實時/, taiwan: '即時' },
  { term: /充值/, taiwan: '儲值' },
  { term: /提現/, taiwan: '提領' },
  { term: /反饋/, taiwan: '回饋' },
  { term: /質量/, taiwan: '品質' },
  { term: /程序/, taiwan: '程式' },
  { term: /粘貼/, taiwan: '貼上' },
  { term: /導出/, taiwan: '匯出' },
  { term: /導入/, taiwan: '匯入' },
  { term: /信號/, taiwan: '訊號' },
  { term: /打印/, taiwan: '列印' },
  { term: /文件夾/, taiwan: '資料夾' },
  { term: /內存/, taiwan: '記憶體' },
  { term: /字符/, taiwan: '字元' },
  { term: /代碼/, taiwan: '程式碼' },
  { term: /運營/, taiwan: '營運' },
  { term: /帖子/, taiwan: '貼文' },
  { term: /手機號(?!碼)/, taiwan: '手機號碼' },
  { term: /智能/, taiwan: '智慧' },
  { term: /支持/, taiwan: '支援' },
  // variant characters of a mainland or Hong Kong converter, not Taiwan's standard forms
  { term: /裏/, taiwan: '裡' },
  { term: /綫/, taiwan: '線' },
  { term: /爲/, taiwan: '為' },
  { term: /啓/, taiwan: '啟' },
  { term: /説/, taiwan: '說' },
  { term: /户/, taiwan: '戶' },
]

/**
 * Phrases that keep a listed term on purpose (at most five, each with its reason); they are
 * taken out of a text before the check.
 */
export const TAIWAN_EXCEPTIONS: readonly string[] = [
  // the chain's proper name as Taiwan's crypto press and exchanges write it (幣安智能鏈 / BNB 智能鏈),
  // which a user compares with what an exchange shows; "智慧鏈" would be a name nobody uses
  'BNB 智能鏈',
]

/** The mainland terms in a zh-TW text, each with its Taiwan form (empty: the text reads as Taiwan's). */
export function mainlandTerms(text: string): { term: string; taiwan: string }[] {
  const checked = TAIWAN_EXCEPTIONS.reduce((rest, phrase) => rest.split(phrase).join(' '), text)
  return MAINLAND_TERMS.flatMap(({ term, taiwan }) => {
    const found = term.exec(checked)
    return found ? [{ term: found[0], taiwan }] : []
  })
}
