import { methodQuery } from '@/api'
import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { wallet as protocol } from '@kinetic/protocol'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { encodeFunctionData, erc20Abi, getAddress } from 'viem'
import { CallSheet, type WalletCall } from '../components/CallSheet'
import { SpenderName } from '../components/SpenderName'
import styles from '../components/Approvals.module.css'
import { WithWallet } from '../components/WithWallet'
import { formatAmount } from '../lib/format'
import type { Wallet } from '../lib/types'
import { invalidateWallet } from '../wallet.queries'

type Allowance = protocol.Allowance

/** The wallet's token approvals (`?id=`): every spender its history names, each revocable in one tap. */
export function ApprovalsPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('wallet.approvals.title')}>
      <WithWallet>{(w) => <Approvals wallet={w} />}</WithWallet>
    </Page>
  )
}

/** approve(spender, 0) on the token: the revocation the device signs. */
const revokeCall = (allowance: Allowance): WalletCall => ({
  to: allowance.contract as `0x${string}`,
  value: 0n,
  data: encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [allowance.spender as `0x${string}`, 0n],
  }),
})

function Approvals({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const list = useQuery({ ...methodQuery(protocol.approvals, { wallet_id: wallet.id }), staleTime: 0 })
  const [revoking, setRevoking] = useState<Allowance | null>(null)

  if (list.error) return <LoadFailed message={list.error.message} onRetry={() => void list.refetch()} />
  if (!list.data) return <Loading />
  return (
    <>
      <p className={styles.intro}>{t('wallet.approvals.intro')}</p>
      {list.data.list.length === 0 ? (
        <EmptyState text={t('wallet.approvals.empty')} />
      ) : (
        <ul className={styles.list} aria-label={t('wallet.approvals.title')}>
          {list.data.list.map((a) => (
            <li
              key={`${a.contract}:${a.spender}`}
              className={styles.item}
              aria-label={`${a.symbol} ${getAddress(a.spender)}`}
            >
              <div className={styles.text}>
                <strong>{a.symbol}</strong>
                <span title={t('wallet.approvals.spender')}>
                  <SpenderName address={a.spender} />
                </span>
                <span>
                  {t('wallet.approvals.amount')}:{' '}
                  {a.unlimited ? t('wallet.approvals.unlimited') : `${formatAmount(a.amount)} ${a.symbol}`}
                </span>
              </div>
              <Button size="small" color="danger" fill="outline" onClick={() => setRevoking(a)}>
                {t('wallet.approvals.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <CallSheet
        wallet={wallet}
        call={revoking && revokeCall(revoking)}
        title={t('wallet.approvals.revokeTitle')}
        submitText={t('wallet.approvals.revokeSubmit')}
        onClose={() => setRevoking(null)}
        onSent={() => {
          setRevoking(null)
          showSuccess(t('wallet.approvals.revoked'))
          void invalidateWallet(queryClient)
        }}
      />
    </>
  )
}
