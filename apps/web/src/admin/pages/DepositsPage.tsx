import { admin, formatNumber, type Result } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useHeldDepositsQuery, useUnprovenCreditsQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { formatTime, toastOk } from '../ui'

type Held = Result<typeof admin.heldDeposits>['list'][number]

/** One held deposit: credit it to an account (once) or mark it returned. */
function HeldRow({ deposit }: { deposit: Held }) {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const [userId, setUserId] = useState(deposit.credited_to ? String(deposit.credited_to) : '')
  const done = () => {
    toastOk(t('admin.toast.submitted'))
    refresh(admin.heldDeposits)
  }
  const credit = useMutation({
    mutationFn: () => consoleCall(admin.depositCredit, { id: deposit.id, user_id: Number(userId.trim()) }),
    onSuccess: done,
  })
  const giveBack = useMutation({
    mutationFn: () => consoleCall(admin.depositReturn, { id: deposit.id }),
    onSuccess: done,
  })
  const problem = (credit.error ?? giveBack.error)?.message
  return (
    <tr data-testid={`deposit-${deposit.id}`}>
      <td>{formatTime(deposit.time, i18n.language)}</td>
      <td className="mono">{deposit.from}</td>
      <td className="mono">
        {deposit.hash} #{deposit.log_index}
      </td>
      <td>{formatNumber(deposit.amount)} KNT</td>
      <td>
        {deposit.held_reason && t(`admin.deposits.reasons.${deposit.held_reason}`)}
        {deposit.credited_to !== null && ` (${t('admin.deposits.creditedTo', { id: deposit.credited_to })})`}
      </td>
      <td>
        <Input
          className="box"
          style={{ width: 110 }}
          value={userId}
          onChange={setUserId}
          placeholder={t('admin.deposits.userId')}
          aria-label={t('admin.deposits.userId')}
        />
        <Button size="small" color="primary" loading={credit.isPending} onClick={() => credit.mutate()}>
          {t('admin.deposits.credit')}
        </Button>{' '}
        {deposit.credited_to === null && (
          <Button size="small" loading={giveBack.isPending} onClick={() => giveBack.mutate()}>
            {t('admin.deposits.returned')}
          </Button>
        )}
        {problem && <span className="error">{problem}</span>}
      </td>
    </tr>
  )
}

type Unproven = Result<typeof admin.unprovenCredits>['list'][number]

/**
 * A deposit credited before proofs to an account that never proved its sender: hold it (the
 * credit kept) or reverse it (the KNT back to the treasury; held instead when the account no
 * longer has it, and said so). Both are audited.
 */
function UnprovenRow({ deposit }: { deposit: Unproven }) {
  const { t, i18n } = useTranslation()
  const refresh = useConsoleRefresh()
  const [note, setNote] = useState('')
  const repair = useMutation({
    mutationFn: (action: (typeof admin.UNPROVEN_REPAIRS)[number]) =>
      consoleCall(admin.unprovenRepair, { id: deposit.id, action }),
    onSuccess: (answer, action) => {
      if (action === 'reverse' && !answer.reversed) setNote(t('admin.deposits.unproven.notReversed'))
      else toastOk(t('admin.toast.submitted'))
      refresh(admin.heldDeposits, admin.unprovenCredits)
    },
  })
  return (
    <tr data-testid={`unproven-${deposit.id}`}>
      <td>{formatTime(deposit.time, i18n.language)}</td>
      <td className="mono">{deposit.from}</td>
      <td className="mono">
        {deposit.hash} #{deposit.log_index}
      </td>
      <td>{formatNumber(deposit.amount)} KNT</td>
      <td>{deposit.credited_to !== null && t('admin.deposits.creditedTo', { id: deposit.credited_to })}</td>
      <td>
        <Button size="small" loading={repair.isPending} onClick={() => repair.mutate('hold')}>
          {t('admin.deposits.unproven.hold')}
        </Button>{' '}
        <Button size="small" color="danger" loading={repair.isPending} onClick={() => repair.mutate('reverse')}>
          {t('admin.deposits.unproven.reverse')}
        </Button>
        {repair.error && <span className="error">{repair.error.message}</span>}
        {note && <span className="error">{note}</span>}
      </td>
    </tr>
  )
}

/** KNT deposits held for the operator: no account's wallet or several sent them, or a reorg undid them. */
export function DepositsPage() {
  const { t } = useTranslation()
  const held = useHeldDepositsQuery()
  const unproven = useUnprovenCreditsQuery()
  return (
    <>
      <h1>{t('admin.nav.deposits')}</h1>
      <p className="muted">{t('admin.deposits.hint')}</p>
      <table className="audit card" aria-label={t('admin.nav.deposits')}>
        <DepositsHead />
        <tbody>
          {held.data?.list.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                {t('admin.empty')}
              </td>
            </tr>
          )}
          {held.data?.list.map((deposit) => (
            <HeldRow key={deposit.id} deposit={deposit} />
          ))}
        </tbody>
      </table>
      {unproven.data && unproven.data.list.length > 0 && (
        <>
          <h2>{t('admin.deposits.unproven.title')}</h2>
          <p className="muted">{t('admin.deposits.unproven.hint')}</p>
          <table className="audit card" aria-label={t('admin.deposits.unproven.title')}>
            <DepositsHead />
            <tbody>
              {unproven.data.list.map((deposit) => (
                <UnprovenRow key={deposit.id} deposit={deposit} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  )
}

/** The columns both deposit tables show. */
function DepositsHead() {
  const { t } = useTranslation()
  return (
    <thead>
      <tr>
        <th>{t('admin.deposits.time')}</th>
        <th>{t('admin.deposits.from')}</th>
        <th>{t('admin.deposits.tx')}</th>
        <th>{t('admin.deposits.amount')}</th>
        <th>{t('admin.deposits.reason')}</th>
        <th>{t('admin.deposits.action')}</th>
      </tr>
    </thead>
  )
}
