import { shortenMiddle } from '@kinetic/protocol'
import { signTransfer } from '@kinetic/wallet-core'
import { useQueryClient } from '@tanstack/react-query'
import { Dialog } from 'antd-mobile'
import { createElement, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { showToast } from '@/shared/ui/toast'
import { useAddressBookQuery } from '../addressBook.queries'
import { FirstTimeRecipient } from '../components/GroupedAddress'
import { broadcast, feeQuery, transferInfoQuery } from '../transfer.queries'
import { invalidateWallet } from '../wallet.queries'
import { showFailure } from './problems'
import { recipientWarnings, type RecipientWarning } from './recipientWarnings'
import { clearSendDraft } from './sendDraft'
import { planTransfer, precheck, type PlanInput, type TransferPlan } from './transferPlan'
import type { Wallet } from './types'
import { useProblemText } from './useProblemText'
import { accountOf, unlock } from './vault'

/**
 * The steps of a transfer after the form: checks → fee for exactly this transfer →
 * recipient warnings → confirm sheet (plan) → password → decrypt, sign, broadcast → detail
 * (or `sentPath`: a deposit goes back to its page).
 */
export function useTransferSteps(
  wallet: Wallet,
  sentPath: (hash: string) => string = (hash) => `/transferResultHash?hash=${hash}`,
) {
  const { t } = useTranslation()
  const problemText = useProblemText()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const book = useAddressBookQuery()
  const [plan, setPlan] = useState<TransferPlan | null>(null)
  const [preparing, setPreparing] = useState(false)

  const confirmWarning = (warning: RecipientWarning, to: string) =>
    Dialog.confirm({
      title: t(warning.kind === 'lookAlike' ? 'wallet.send.warn.lookAlikeTitle' : 'wallet.send.warn.firstTitle'),
      content:
        warning.kind === 'lookAlike'
          ? t('wallet.send.warn.lookAlikeText', {
              to: shortenMiddle(to, 10, 8),
              similar: shortenMiddle(warning.similar, 10, 8),
              name: warning.name ?? t('wallet.send.warn.pastRecipient'),
            })
          : createElement(FirstTimeRecipient, { to }),
      confirmText: t('wallet.send.warn.continue'),
      cancelText: t('common.cancel'),
    })

  const prepare = async (input: PlanInput, recipients: readonly string[]) => {
    const checked = precheck(input)
    if (!checked.ok) return showToast(problemText(checked.problem))
    setPreparing(true)
    try {
      const fee = await queryClient.fetchQuery(
        feeQuery({
          wallet_id: wallet.id,
          coin_id: input.coin.id,
          to: input.to.trim(),
          amount: input.amount.trim(),
          ...(checked.dataHex && { data: checked.dataHex }),
        }),
      )
      const planned = planTransfer(input, checked.units, fee)
      if (!planned.ok) return showToast(problemText(planned.problem))
      const known = { recipients, book: book.data?.list ?? [] }
      for (const warning of recipientWarnings(input.to, known)) {
        if (!(await confirmWarning(warning, input.to.trim()))) return
      }
      setPlan(planned.plan)
    } catch (error) {
      showFailure(error)
    } finally {
      setPreparing(false)
    }
  }

  /** The key exists only inside this call: decrypted, used to sign once, then out of scope. */
  const send = async (password: string) => {
    if (!plan) return
    const { privateKey } = accountOf(await unlock(wallet.id, password))
    const info = await queryClient.fetchQuery({ ...transferInfoQuery(wallet.id, plan.coin.id), staleTime: 0 })
    const raw = await signTransfer(privateKey as `0x${string}`, {
      chainId: info.chain_id,
      nonce: info.nonce,
      gasPrice: plan.gasPrice,
      gasLimit: plan.gasLimit,
      to: plan.to,
      amount: plan.units,
      ...(plan.coin.contract !== null && { token: plan.coin.contract as `0x${string}` }),
      ...(plan.data && { data: plan.data }),
    })
    const { hash } = await broadcast(wallet.id, raw)
    clearSendDraft()
    setPlan(null)
    void invalidateWallet(queryClient)
    void navigate(sentPath(hash), { replace: true })
  }

  return { plan, preparing, prepare, send, cancel: () => setPlan(null) }
}
