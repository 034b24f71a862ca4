import { admin, support } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Tag, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useTicketQuery, useTicketsQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { formatTime, toastError, toastOk } from '../ui'

type Filter = support.TicketStatus | 'all'
const FILTERS: readonly Filter[] = ['all', ...support.TICKET_STATUSES]

/** Work tickets of every user: filter, read, answer (→ replied), close (→ completed). */
export function TicketsPage() {
  const { t, i18n } = useTranslation()
  const refreshAll = useConsoleRefresh()
  const [filter, setFilter] = useState<Filter>('wait')
  const [id, setId] = useState<number>()
  const [draft, setDraft] = useState('')
  const status = filter === 'all' ? undefined : filter
  const tickets = useTicketsQuery({ status, limit: 100 })
  const ticket = useTicketQuery(id)
  const refresh = () => refreshAll(admin.tickets, admin.ticket)
  const reply = useMutation({
    mutationFn: () => consoleCall(admin.ticketReply, { id: id ?? 0, content: draft }),
    onSuccess: () => {
      setDraft('')
      toastOk(t('admin.toast.submission'))
      refresh()
    },
    onError: toastError,
  })
  const close = useMutation({
    mutationFn: () => consoleCall(admin.ticketClose, { id: id ?? 0 }),
    onSuccess: () => {
      toastOk(t('admin.toast.modified'))
      refresh()
    },
    onError: toastError,
  })

  const detail = ticket.data
  return (
    <>
      <h1>{t('admin.nav.tickets')}</h1>
      <div className="actions" role="tablist" style={{ marginBottom: 12 }}>
        {FILTERS.map((f) => (
          <Button key={f} size="small" color={f === filter ? 'primary' : 'default'} onClick={() => setFilter(f)}>
            {t(`admin.tickets.status.${f}`)}
          </Button>
        ))}
      </div>
      <div className="split">
        <ul className="rows" aria-label={t('admin.nav.tickets')}>
          {tickets.data?.list.length === 0 && <li className="muted">{t('admin.empty')}</li>}
          {tickets.data?.list.map((item) => (
            <li key={item.id}>
              <button type="button" className="row" aria-current={item.id === id} onClick={() => setId(item.id)}>
                <div className="ellipsis">
                  #{item.id} {item.title}
                </div>
                <div className="muted ellipsis">
                  {t(`admin.tickets.status.${item.status}`)} · {item.category} · {item.user.label}
                </div>
              </button>
            </li>
          ))}
        </ul>
        <section className="card" aria-label={t('admin.tickets.detail')}>
          {!detail ? (
            <p className="muted">{t('admin.tickets.pick')}</p>
          ) : (
            <>
              <h2>
                #{detail.ticket.id} {detail.ticket.title}{' '}
                <Tag color="primary" fill="outline">
                  {t(`admin.tickets.status.${detail.ticket.status}`)}
                </Tag>
              </h2>
              <p className="muted">
                {detail.user.label} · {detail.ticket.category} · {formatTime(detail.ticket.created_at, i18n.language)}
              </p>
              <div className="post">{detail.ticket.content}</div>
              <div className="actions">
                {detail.ticket.attachments.map((url) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer">
                    <img className="thumb" src={url} alt={t('admin.tickets.attachment')} />
                  </a>
                ))}
              </div>
              {detail.replies.map((r) => (
                <div key={r.id} className={r.from === 'user' ? 'post' : 'post operator'}>
                  <div className="muted">
                    {t(
                      r.from === 'user'
                        ? 'admin.tickets.user'
                        : r.from === 'system'
                          ? 'admin.tickets.auto'
                          : 'admin.tickets.operator',
                    )}{' '}
                    · {formatTime(r.created_at, i18n.language)}
                  </div>
                  {r.content}
                </div>
              ))}
              {detail.ticket.status !== 'completed' && (
                <>
                  <TextArea
                    className="box"
                    value={draft}
                    onChange={setDraft}
                    rows={4}
                    maxLength={support.TICKET_CONTENT_MAX}
                    placeholder={t('admin.tickets.replyPlaceholder')}
                    aria-label={t('admin.tickets.replyPlaceholder')}
                  />
                  <div className="actions" style={{ marginTop: 8 }}>
                    <Button color="primary" loading={reply.isPending} onClick={() => reply.mutate()}>
                      {t('admin.tickets.reply')}
                    </Button>
                    <Button loading={close.isPending} onClick={() => close.mutate()}>
                      {t('admin.tickets.close')}
                    </Button>
                  </div>
                </>
              )}
            </>
          )}
        </section>
      </div>
    </>
  )
}
