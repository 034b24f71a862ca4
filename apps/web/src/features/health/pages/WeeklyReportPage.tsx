import { formatNumber } from '@kinetic/protocol'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { Page } from '@/shared/ui/Page'
import { EmptyState } from '@/shared/ui/Status'
import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { useWeekLabel } from '../components/WeekLabel'
import { useWeeksQuery } from '../health.queries'

/**
 * Weekly reports, newest first: each week's steps and goal days; a tap opens the detail. A
 * week's report exists from its first day of health data, so a new user is told that.
 */
export function WeeklyReportPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const weekLabel = useWeekLabel()
  const query = useWeeksQuery()

  return (
    <Page title={t('health.weekly.title')}>
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text={t('health.weekly.empty')}>
              <p className={styles.note}>{t('health.weekly.firstReport')}</p>
              <Button shape="rounded" onClick={() => void navigate('/deviceList')}>
                {t('health.weekly.bindWatch')}
              </Button>
            </EmptyState>
          ) : (
            <Menu label={t('health.weekly.title')}>
              {list.map((week) => (
                <MenuItem
                  key={week.week_start}
                  onClick={() => void navigate(`/weeklyReportDetail?date=${week.week_start}`)}
                  description={t('health.weekly.rowDescription', {
                    steps: formatNumber(week.totals.steps),
                    days: week.goal_days,
                  })}
                >
                  {weekLabel(week.week_start, week.week_end)}
                </MenuItem>
              ))}
            </Menu>
          )
        }
      </QueryView>
    </Page>
  )
}
