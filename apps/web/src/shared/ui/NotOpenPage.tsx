import { useErrorText } from '@/i18n'
import { ClockCircleOutline } from 'antd-mobile-icons'
import { useRouteMeta } from '../routing'
import { Page } from './Page'
import { EmptyState } from './Status'

/** The shared page of routes a later issue builds: 'Not currently open' (spec §8). */
export function NotOpenPage() {
  const errorText = useErrorText()
  const meta = useRouteMeta()
  return (
    <Page back={!meta?.tabBar}>
      <EmptyState text={errorText('NOT_OPEN')} icon={<ClockCircleOutline />} />
    </Page>
  )
}
