import { loadTexts } from '@/i18n/lazyTexts'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

/** The health texts, loaded before the menu first renders. */
export const healthMenuTexts = () => loadTexts('health')

const ENTRIES = [
  ['devices', '/deviceList'],
  ['heartRate', '/heartRate'],
  ['heartRateRecord', '/heartRateRecord'],
  ['sleep', '/sleepReport'],
  ['sports', '/sportsRecord'],
  ['weekly', '/weeklyReport'],
  ['physical', '/physicalReport'],
  ['questionnaire', '/questionnaire'],
  ['goal', '/dailyGoal'],
  ['authorize', '/userAuthorize'],
  ['live', '/heartRateLive'],
] as const

/** The health pages and devices, as a card of the Mine tab. */
export function HealthMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Menu label={t('health.menu.title')}>
      {ENTRIES.map(([key, path]) => (
        <MenuItem key={key} onClick={() => void navigate(path)}>
          {t(`health.menu.${key}`)}
        </MenuItem>
      ))}
    </Menu>
  )
}
