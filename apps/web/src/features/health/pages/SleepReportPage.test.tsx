import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { aUser, renderPage } from '@/test/renderPage'
import type { health, Locale } from '@kinetic/protocol'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en-US/health.json'
import zhCN from '@/i18n/locales/zh-CN/health.json'
import zhTW from '@/i18n/locales/zh-TW/health.json'
import { SleepReportPage } from './SleepReportPage'

const TEXTS = { 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text)

beforeAll(async () => {
  await initI18n()
  await loadTexts('health')
})

/** The demo user's night at 02:47 Asia/Shanghai: asleep at 00:10, last stage 02:39. */
const inProgress: health.SleepReport = {
  date: '2026-12-09',
  sleep: null,
  in_progress: {
    start: '2026-12-08T16:10:00.000Z',
    last_at: '2026-12-08T18:39:00.000Z',
    asleep_min: 143,
    ends_after_min: 60,
  },
  score_inputs: [],
  score_method: 'score method',
  stages: [
    { stage: 'light', start: '2026-12-08T16:10:00.000Z', end: '2026-12-08T17:00:00.000Z', minutes: 50 },
    { stage: 'deep', start: '2026-12-08T17:00:00.000Z', end: '2026-12-08T17:54:00.000Z', minutes: 54 },
    { stage: 'awake', start: '2026-12-08T17:54:00.000Z', end: '2026-12-08T18:00:00.000Z', minutes: 6 },
    { stage: 'light', start: '2026-12-08T18:00:00.000Z', end: '2026-12-08T18:39:00.000Z', minutes: 39 },
  ],
}

/** An ended night: 465 min asleep (deep 173 = 37.2 % of it), 20 min awake (485 in bed). */
const ended: health.SleepReport = {
  date: '2026-12-08',
  sleep: {
    date: '2026-12-08',
    start: '2026-12-07T15:00:00.000Z',
    end: '2026-12-07T23:05:00.000Z',
    duration_min: 465,
    awake_min: 20,
    light_min: 202,
    deep_min: 173,
    rem_min: 90,
    score: 93,
  },
  in_progress: null,
  score_inputs: [
    { input: 'duration', value: 465, target: 480, points: 48.4, max_points: 50 },
    { input: 'deep_share', value: 37.2, target: 20, points: 20, max_points: 20 },
    { input: 'rem_share', value: 19.4, target: 20, points: 19.4, max_points: 20 },
    { input: 'efficiency', value: 95.9, target: 100, points: 9.6, max_points: 10 },
  ],
  score_method: 'score method',
  stages: [],
}

const open = (report: health.SleepReport, locale: Locale) =>
  renderPage(<SleepReportPage />, {
    locale,
    route: `/sleepReport?date=${report.date}`,
    answers: { '/v1/sleep': () => report, '/v1/userinfo': () => aUser() },
  })

describe('the sleep report of a night still in progress', () => {
  for (const locale of ['en-US', 'zh-CN', 'zh-TW'] as const) {
    it(`says it is in progress and gives no score, with the rule that ends it (${locale})`, async () => {
      const t = TEXTS[locale].sleep
      await open(inProgress, locale)
      const card = await screen.findByRole('group', { name: t.inProgress })
      expect(card.textContent).toContain(fill(t.inProgressWindow, { start: '00:10', last: '02:39' }))
      expect(screen.getByText(fill(t.inProgressRule, { minutes: 60 }))).toBeTruthy()
      expect(screen.queryByRole('group', { name: t.score })).toBeNull()
      expect(screen.queryByText(/\/100/)).toBeNull()
    })
  }
})

describe('the sleep report of an ended night', () => {
  it('gives each share on one named basis, so the stages list and the score card agree', async () => {
    const t = en.sleep
    await open(ended, 'en-US')
    const deep = await screen.findByRole('group', { name: t.stages.deep })
    const deepShare = screen.getByRole('group', { name: t.inputs.deep_share })
    expect(deep.textContent).toContain(fill(t.shareAsleep, { percent: '37.2' }))
    expect(deepShare.textContent).toContain(fill(t.shareAsleep, { percent: '37.2' }))
    expect(within(screen.getByRole('group', { name: t.stages.rem })).getByText(/19\.4%/).textContent).toBe(
      fill(t.shareAsleep, { percent: '19.4' }),
    )
    // awake, and the efficiency, of the time in bed: 20 of 485 min, 465 of 485
    expect(screen.getByRole('group', { name: t.stages.awake }).textContent).toContain(
      fill(t.shareInBed, { percent: '4.1' }),
    )
    expect(screen.getByRole('group', { name: t.inputs.efficiency }).textContent).toContain(
      fill(t.shareInBed, { percent: '95.9' }),
    )
  })
})
