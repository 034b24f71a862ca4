import { Page } from '@/shared/ui/Page'
import { Segmented } from '@/shared/ui/Segmented'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { support } from '@kinetic/protocol'
import { Button, DotLoading, InfiniteScroll } from 'antd-mobile'
import { AddOutline } from 'antd-mobile-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { StatusTag } from '../components/StatusTag'
import { TicketDetail } from '../components/TicketDetail'
import { TicketForm } from '../components/TicketForm'
import styles from '../components/Tickets.module.css'
import { useTicketsQuery, type TicketFilter } from '../support.queries'

const FILTERS: readonly TicketFilter[] = ['all', ...support.TICKET_STATUSES]

/**
 * /serverWorkList: my work tickets by status; `?new=1` opens the form, `?id=` a ticket's
 * conversation (the spec has one route for tickets).
 */
export function WorkListPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const id = Number(params.get('id') ?? 0)
  const filter = (FILTERS.find((f) => f === params.get('status')) ?? 'all') as TicketFilter

  if (params.get('new') === '1')
    return (
      <Page title={t('support.tickets.new')}>
        <TicketForm onDone={(created) => void navigate(`/serverWorkList?id=${created}`, { replace: true })} />
      </Page>
    )
  if (Number.isSafeInteger(id) && id > 0)
    return (
      <Page title={t('support.tickets.detailTitle')}>
        <TicketDetail id={id} />
      </Page>
    )
  return (
    <Page
      title={t('support.tickets.title')}
      right={
        <Button
          size="small"
          fill="none"
          aria-label={t('support.tickets.new')}
          onClick={() => void navigate('/serverWorkList?new=1')}
        >
          <AddOutline />
        </Button>
      }
    >
      <div className={styles.toolbar}>
        <Segmented
          options={FILTERS.map((f) => ({ value: f, label: t(`support.tickets.status.${f}`) }))}
          value={filter}
          onChange={(next) => setParams(next === 'all' ? {} : { status: next }, { replace: true })}
        />
      </div>
      <TicketList filter={filter} onOpen={(ticket) => void navigate(`/serverWorkList?id=${ticket}`)} />
      <Button block color="primary" shape="rounded" onClick={() => void navigate('/serverWorkList?new=1')}>
        {t('support.tickets.new')}
      </Button>
    </Page>
  )
}

function TicketList({ filter, onOpen }: { filter: TicketFilter; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation()
  const query = useTicketsQuery(filter)
  const tickets = query.data?.pages.flatMap((page) => page.list) ?? []
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  if (query.error && !query.data)
    return <LoadFailed message={query.error.message} onRetry={() => void query.refetch()} />
  if (!query.data) return <Loading />
  if (tickets.length === 0) return <EmptyState text={t('common.empty')} />
  return (
    <>
      <ul className={styles.list}>
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <button type="button" className={styles.item} onClick={() => onOpen(ticket.id)}>
              <span className={styles.head}>
                <span className={styles.title}>{ticket.title}</span>
                <StatusTag status={ticket.status} />
              </span>
              <span className={styles.meta}>
                {ticket.category} · {time.format(new Date(ticket.updated_at))}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <InfiniteScroll hasMore={query.hasNextPage} loadMore={async () => void (await query.fetchNextPage())}>
        {(hasMore) => <span className={styles.end}>{hasMore ? <DotLoading /> : t('support.tickets.noMore')}</span>}
      </InfiniteScroll>
    </>
  )
}
