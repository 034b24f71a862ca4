import { newClientId, openLiveSocket, type LiveStatus } from '@/shared/realtime'
import { admin, type support } from '@kinetic/protocol'
import { Button, Input } from 'antd-mobile'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChatsQuery, useConsoleRefresh } from '../admin.queries'
import { consoleCall } from '../api'
import { formatTime, toastError } from '../ui'

type Message = support.ChatMessage

const merge = (current: readonly Message[], incoming: readonly Message[]) => {
  const byId = new Map(current.map((m) => [m.id, m]))
  for (const m of incoming) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/** Live chats: conversations on the left, the chosen one on the right, answered in real time. */
export function ChatsPage() {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const [userId, setUserId] = useState<number>()
  const [messages, setMessages] = useState<Message[]>([])
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const [draft, setDraft] = useState('')
  const selected = useRef<number | undefined>(undefined)
  const chats = useChatsQuery()

  const load = useCallback(async (id: number) => {
    const { list } = await consoleCall(admin.chat, { user_id: id, limit: 100 })
    if (selected.current === id) setMessages((current) => merge(current, list))
  }, [])

  useEffect(
    () =>
      openLiveSocket({
        path: '/v1/admin/ws',
        onStatus: (next) => {
          setStatus(next)
          if (next !== 'online') return
          refresh(admin.chats)
          if (selected.current !== undefined) void load(selected.current).catch(toastError)
        },
        onEvent: (event) => {
          if (event.type !== 'chat') return
          const { user_id, message } = event as unknown as support.ChatEvent
          if (user_id === selected.current) setMessages((current) => merge(current, [message]))
          refresh(admin.chats)
        },
      }),
    [load, refresh],
  )

  const open = (id: number) => {
    selected.current = id
    setUserId(id)
    setMessages([])
    void load(id).catch(toastError)
  }

  const send = async () => {
    if (userId === undefined || draft.trim() === '') return
    const content = draft
    setDraft('')
    try {
      const sent = await consoleCall(admin.chatSend, { user_id: userId, client_id: newClientId(), content })
      setMessages((current) => merge(current, [sent]))
    } catch (error) {
      setDraft(content)
      toastError(error)
    }
  }

  const list = chats.data?.list ?? []
  return (
    <>
      <h1>{t('admin.nav.chats')}</h1>
      {status !== 'online' && <p className="muted">{t('admin.chats.reconnecting')}</p>}
      <div className="split">
        <ul className="rows" aria-label={t('admin.chats.conversations')}>
          {list.length === 0 && <li className="muted">{t('admin.empty')}</li>}
          {list.map((c) => (
            <li key={c.user.id}>
              <button type="button" className="row" aria-current={c.user.id === userId} onClick={() => open(c.user.id)}>
                <div className="ellipsis">{c.user.label || `#${c.user.id}`}</div>
                <div className="muted ellipsis">
                  {c.last.from === 'operator' ? `${t('admin.chats.you')}: ` : ''}
                  {c.last.content}
                </div>
              </button>
            </li>
          ))}
        </ul>
        <section className="card" aria-label={t('admin.chats.conversation')}>
          {userId === undefined ? (
            <p className="muted">{t('admin.chats.pick')}</p>
          ) : (
            <>
              <ol className="bubble-list">
                {messages.map((m) => (
                  <li key={m.id} className={m.from === 'user' ? 'bubble' : 'bubble mine'}>
                    {m.image && (
                      <a href={m.image} target="_blank" rel="noreferrer">
                        <img className="thumb" src={m.image} alt={t('admin.chats.image')} />
                      </a>
                    )}
                    {m.content}
                    <div className="muted">
                      {m.from === 'system' && `${t('admin.chats.auto')} · `}
                      {formatTime(m.created_at, i18n.language)}
                    </div>
                  </li>
                ))}
              </ol>
              <form
                className="actions"
                onSubmit={(event) => {
                  event.preventDefault()
                  void send()
                }}
              >
                <Input
                  className="box"
                  style={{ flex: 1 }}
                  value={draft}
                  onChange={setDraft}
                  maxLength={1000}
                  placeholder={t('admin.chats.placeholder')}
                  aria-label={t('admin.chats.placeholder')}
                />
                <Button type="submit" color="primary">
                  {t('admin.chats.send')}
                </Button>
              </form>
            </>
          )}
        </section>
      </div>
    </>
  )
}
