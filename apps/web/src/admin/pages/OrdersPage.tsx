import { admin, shop } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useOrdersQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { formatTime, toastError, toastOk } from '../ui'

type Filter = shop.Order['status'] | 'all'
const FILTERS: readonly Filter[] = ['all', ...shop.ORDER_STATUSES]
/** The step after each status of a physical order, if any. */
const NEXT = { paid: 'shipped', shipped: 'completed', completed: undefined } as const

/** Orders of every user; physical ones are moved paid → shipped (the user is told) → completed. */
export function OrdersPage() {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const [filter, setFilter] = useState<Filter>('paid')
  const status = filter === 'all' ? undefined : filter
  const orders = useOrdersQuery({ status, limit: 100 })
  const advance = useMutation({
    mutationFn: (p: { id: number; status: 'shipped' | 'completed' }) => consoleCall(admin.orderAdvance, p),
    onSuccess: () => {
      toastOk(t('admin.toast.modified'))
      refresh(admin.orders)
    },
    onError: toastError,
  })

  return (
    <>
      <h1>{t('admin.nav.orders')}</h1>
      <div className="actions" role="tablist" style={{ marginBottom: 12 }}>
        {FILTERS.map((f) => (
          <Button key={f} size="small" color={f === filter ? 'primary' : 'default'} onClick={() => setFilter(f)}>
            {t(`admin.orders.status.${f}`)}
          </Button>
        ))}
      </div>
      <table className="audit card">
        <thead>
          <tr>
            <th>{t('admin.orders.order')}</th>
            <th>{t('admin.orders.user')}</th>
            <th>{t('admin.orders.good')}</th>
            <th>{t('admin.orders.price')}</th>
            <th>{t('admin.orders.shipTo')}</th>
            <th>{t('admin.orders.statusLabel')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {orders.data?.list.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                {t('admin.empty')}
              </td>
            </tr>
          )}
          {orders.data?.list.map((o) => {
            const next = o.good.kind === 'physical' ? NEXT[o.status] : undefined
            return (
              <tr key={o.id} data-testid={`order-${o.id}`}>
                <td>
                  #{o.id}
                  <div className="muted">{formatTime(o.created_at, i18n.language)}</div>
                </td>
                <td>{o.user.label}</td>
                <td>{o.good.name}</td>
                <td>{o.price}</td>
                <td className="details">
                  {o.good.kind === 'physical' ? `${o.ship_name} · ${o.ship_phone} · ${o.ship_address}` : '—'}
                </td>
                <td>{t(`admin.orders.status.${o.status}`)}</td>
                <td>
                  {next && (
                    <Button
                      size="small"
                      color="primary"
                      loading={advance.isPending && advance.variables.id === o.id}
                      onClick={() => advance.mutate({ id: o.id, status: next })}
                    >
                      {t(`admin.orders.to.${next}`)}
                    </Button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </>
  )
}
