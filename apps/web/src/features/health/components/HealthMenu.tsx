import { loadTexts } from '@/i18n/lazyTexts'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import {
  CalendarOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  DownlandOutline,
  FileOutline,
  FlagOutline,
  HeartOutline,
  HistogramOutline,
  PieOutline,
  SoundOutline,
  TravelOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

/** The health texts, loaded before the menu first renders. */
export const healthMenuTexts = () => loadTexts('health')

const ENTRIES = [
  ['devices', '/deviceList', <ClockCircleOutline key="i" />],
  ['heartRate', '/heartRate', <HeartOutline key="i" />],
  ['heartRateRecord', '/heartRateRecord', <UnorderedListOutline key="i" />],
  ['sleep', '/sleepReport', <PieOutline key="i" />],
  ['sports', '/sportsRecord', <TravelOutline key="i" />],
  ['weekly', '/weeklyReport', <HistogramOutline key="i" />],
  ['trends', '/healthTrend?metric=steps&period=month', <HistogramOutline key="i" />],
  ['weight', '/weightLog', <UserOutline key="i" />],
  ['physical', '/physicalReport', <CalendarOutline key="i" />],
  ['questionnaire', '/questionnaire', <FileOutline key="i" />],
  ['goal', '/dailyGoal', <FlagOutline key="i" />],
  ['authorize', '/userAuthorize', <CheckShieldOutline key="i" />],
  ['data', '/healthData', <DownlandOutline key="i" />],
  ['live', '/heartRateLive', <SoundOutline key="i" />],
] as const satisfies readonly (readonly [string, string, ReactNode])[]

/** The health pages and devices, as a card of the Mine tab. */
export function HealthMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Menu label={t('health.menu.title')}>
      {ENTRIES.map(([key, path, icon]) => (
        <MenuItem key={key} icon={icon} onClick={() => void navigate(path)}>
          {t(`health.menu.${key}`)}
        </MenuItem>
      ))}
    </Menu>
  )
}
