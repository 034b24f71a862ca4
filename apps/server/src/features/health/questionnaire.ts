import type { Texts, WireLang } from '@kinetic/protocol'

/**
 * PAR-Q+ (2023) general health questions: seven yes/no questions before becoming more
 * physically active. Any "yes" → see a doctor or qualified exercise professional first.
 */
export const PARQ_TITLE: Texts = {
  'us-en': 'Physical Activity Readiness Questionnaire (PAR-Q+)',
  'zh-cn': '体力活动准备问卷（PAR-Q+）',
  'zh-hk': '體力活動準備問卷（PAR-Q+）',
}

export const PARQ_QUESTIONS: Texts[] = [
  {
    'us-en': 'Has your doctor ever said that you have a heart condition OR high blood pressure?',
    'zh-cn': '医生是否曾说过您有心脏疾病或高血压？',
    'zh-hk': '醫生是否曾說過您有心臟疾病或高血壓？',
  },
  {
    'us-en':
      'Do you feel pain in your chest at rest, during your daily activities of living, OR when you do physical activity?',
    'zh-cn': '您在休息、日常活动或进行体力活动时是否感到胸痛？',
    'zh-hk': '您在休息、日常活動或進行體力活動時是否感到胸痛？',
  },
  {
    'us-en': 'Do you lose balance because of dizziness OR have you lost consciousness in the last 12 months?',
    'zh-cn': '过去12个月内，您是否曾因头晕而失去平衡或失去知觉？',
    'zh-hk': '過去12個月內，您是否曾因頭暈而失去平衡或失去知覺？',
  },
  {
    'us-en':
      'Have you ever been diagnosed with another chronic medical condition (other than heart disease or high blood pressure)?',
    'zh-cn': '您是否曾被诊断患有其他慢性疾病（心脏病或高血压除外）？',
    'zh-hk': '您是否曾被診斷患有其他慢性疾病（心臟病或高血壓除外）？',
  },
  {
    'us-en': 'Are you currently taking prescribed medications for a chronic medical condition?',
    'zh-cn': '您目前是否在服用治疗慢性疾病的处方药？',
    'zh-hk': '您目前是否在服用治療慢性疾病的處方藥？',
  },
  {
    'us-en':
      'Do you currently have (or have had within the past 12 months) a bone, joint, or soft tissue problem that could be made worse by becoming more physically active?',
    'zh-cn': '您目前（或过去12个月内）是否有可能因增加体力活动而加重的骨骼、关节或软组织问题？',
    'zh-hk': '您目前（或過去12個月內）是否有可能因增加體力活動而加重的骨骼、關節或軟組織問題？',
  },
  {
    'us-en': 'Has your doctor ever said that you should only do medically supervised physical activity?',
    'zh-cn': '医生是否曾说过您只能在医疗监督下进行体力活动？',
    'zh-hk': '醫生是否曾說過您只能在醫療監督下進行體力活動？',
  },
]

export const PARQ_ADVICE: Record<'clear' | 'consult', Texts> = {
  clear: {
    'us-en':
      'You answered NO to all questions: you are cleared to become more physically active. Start slowly and build up.',
    'zh-cn': '您对所有问题都回答了“否”：可以开始增加体力活动，请循序渐进。',
    'zh-hk': '您對所有問題都回答了「否」：可以開始增加體力活動，請循序漸進。',
  },
  consult: {
    'us-en':
      'You answered YES to at least one question: talk to your doctor or a qualified exercise professional before becoming much more physically active.',
    'zh-cn': '您至少对一个问题回答了“是”：在大幅增加体力活动之前，请先咨询医生或专业运动指导人员。',
    'zh-hk': '您至少對一個問題回答了「是」：在大幅增加體力活動之前，請先諮詢醫生或專業運動指導人員。',
  },
}

export const questionTexts = (lang: WireLang) => PARQ_QUESTIONS.map((q, i) => ({ id: i + 1, text: q[lang] }))
