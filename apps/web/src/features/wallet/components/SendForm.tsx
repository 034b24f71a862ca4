import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { fromUnits } from '@kinetic/wallet-core'
import { Button } from 'antd-mobile'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { useBalancesQuery } from '../assets.queries'
import { EMPTY_SEND, leaveSendFlow, saveSendDraft, sendDraft, type SendDraft } from '../lib/sendDraft'
import { readPaymentQr } from '../lib/paymentQr'
import { maxSendable } from '../lib/transferChecks'
import { planCall, precheck } from '../lib/transferPlan'
import type { Wallet } from '../lib/types'
import { useCoinParam } from '../lib/useCoinParam'
import { useDebounced } from '../lib/useDebounced'
import { useTransferSteps } from '../lib/useTransferSteps'
import { useSimulation } from '../simulate.queries'
import { useFeeQuery, useTransferInfoQuery } from '../transfer.queries'
import { AmountField } from './AmountField'
import { CoinPicker } from './CoinPicker'
import { DataField } from './DataField'
import { FeeTiers } from './FeeTiers'
import { useNetworkName } from './NetworkName'
import formStyles from '@/shared/ui/Form.module.css'
import { PasswordSheet } from './PasswordSheet'
import { QrScanner } from './QrScanner'
import { RecipientField } from './RecipientField'
import { TransferSummary } from './TransferSummary'
import { TxPreview } from './TxPreview'

function initialDraft(coinParam: number | null, toParam: string | null): SendDraft {
  const draft = sendDraft()
  const coinChanged = coinParam !== null && coinParam !== draft.coinId
  return {
    ...draft,
    coinId: coinParam ?? draft.coinId,
    to: toParam ?? draft.to,
    amount: coinChanged ? '' : draft.amount,
  }
}

/** A deposit to the treasury: recipient and coin fixed, back to the deposit page once broadcast. */
export interface DepositTarget {
  to: string
  coinId: number
  sentPath: (hash: string) => string
}

/**
 * The send form: coin, recipient, amount, fee tier, optional data; then the confirm sheet.
 * With `deposit`, the same form and signing send KNT to the treasury (no coin or recipient to pick).
 */
export function SendForm({ wallet, deposit }: { wallet: Wallet; deposit?: DepositTarget }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const coinParam = useCoinParam()
  const [form, setForm] = useState<SendDraft>(() =>
    deposit ? { ...EMPTY_SEND, coinId: deposit.coinId, to: deposit.to } : initialDraft(coinParam, search.get('to')),
  )
  const update = (patch: Partial<SendDraft>) => setForm((current) => ({ ...current, ...patch }))
  useEffect(() => {
    if (!deposit) saveSendDraft(form)
  }, [form, deposit])
  useEffect(() => () => leaveSendFlow(), [])

  const balances = useBalancesQuery(wallet.id)
  const assets = balances.data?.assets ?? []
  const coin = deposit
    ? assets.find((a) => a.id === deposit.coinId)
    : (assets.find((a) => a.id === form.coinId) ?? assets.find((a) => a.contract === null) ?? assets[0])
  const info = useTransferInfoQuery(wallet.id, coin?.id ?? null)
  const native = coin?.contract === null
  const steps = useTransferSteps(wallet, deposit?.sentPath)
  const simulation = useSimulation(
    steps.plan && { wallet_id: wallet.id, ...planCall(steps.plan), gas_price: steps.plan.gasPrice.toString() },
  )
  const [scanning, setScanning] = useState(false)
  const networkName = useNetworkName()

  // Fee tiers for the transfer as typed so far (the exact ones are read again on "Next").
  const settled = useDebounced({ to: form.to, amount: form.amount, data: form.data })
  const feeParams = useMemo(() => {
    if (!coin || !info.data) return null
    const base = { wallet_id: wallet.id, coin_id: coin.id }
    const checked = precheck({
      coin,
      ...settled,
      tier: 'recommend',
      balance: info.data.balance,
      nativeBalance: info.data.native_balance,
    })
    if (!checked.ok) return base
    // the same parameters "Next" asks with, so the confirmation reads this very answer
    return {
      ...base,
      to: settled.to.trim(),
      amount: settled.amount.trim(),
      ...(checked.dataHex && { data: checked.dataHex }),
    }
  }, [coin, info.data, settled, wallet.id])
  const fee = useFeeQuery(feeParams)
  const tier = fee.data?.tiers.find((item) => item.tier === form.tier)
  const feeWei = tier && fee.data ? BigInt(tier.gas_price) * BigInt(fee.data.gas_limit) : 0n

  if (balances.error) return <LoadFailed message={balances.error.message} onRetry={() => void balances.refetch()} />
  if (info.error) return <LoadFailed message={info.error.message} onRetry={() => void info.refetch()} />
  if (!coin || !balances.data) return <Loading />

  const all = () => {
    if (!info.data) return
    const max = maxSendable({ balance: info.data.balance, coin: { decimals: coin.decimals, native } }, feeWei)
    update({ amount: fromUnits(max, coin.decimals) })
  }

  /** A scanned address or EIP-681 request fills the recipient, and the coin and amount it names. */
  const onScan = (text: string): string | null => {
    if (!info.data) return t('wallet.scan.failed')
    const read = readPaymentQr(text, info.data.chain_id, assets)
    if (!read.ok) {
      if (read.problem === 'otherChain')
        return t('wallet.scan.otherChain', { chainId: read.chainId, network: networkName(info.data.network) })
      if (read.problem === 'unknownToken') return t('wallet.scan.unknownToken', { contract: read.contract })
      return t('wallet.scan.notAddress')
    }
    const coinChanged = read.coinId !== undefined && read.coinId !== coin.id
    update({
      to: read.to,
      ...(read.coinId !== undefined && { coinId: read.coinId }),
      ...(read.amount !== undefined ? { amount: read.amount } : coinChanged && { amount: '' }),
    })
    setScanning(false)
    showSuccess(t('wallet.scan.filled'))
    return null
  }

  const next = (event: FormEvent) => {
    event.preventDefault()
    if (!info.data || steps.preparing) return
    void steps.prepare(
      {
        coin,
        to: form.to,
        amount: form.amount,
        tier: form.tier,
        data: form.data,
        balance: info.data.balance,
        nativeBalance: info.data.native_balance,
      },
      // the treasury of a deposit is the app's own address: no first-recipient warning
      deposit ? [...info.data.recipients, deposit.to] : info.data.recipients,
    )
  }

  return (
    <>
      <form className={formStyles.form} onSubmit={next} noValidate>
        {!deposit && (
          <>
            <CoinPicker assets={assets} value={coin} onChange={(coinId) => update({ coinId, amount: '' })} />
            <RecipientField
              value={form.to}
              onChange={(to) => update({ to })}
              onPick={() => void navigate('/walletAddressList?pick=1')}
              onScan={() => setScanning(true)}
            />
          </>
        )}
        <AmountField
          value={form.amount}
          onChange={(amount) => update({ amount })}
          onAll={all}
          balance={info.data?.balance}
          symbol={coin.symbol}
        />
        <FeeTiers
          tiers={fee.data?.tiers}
          value={form.tier}
          onChange={(name) => update({ tier: name })}
          loading={fee.isFetching && !fee.data}
          estimate={!fee.data?.exact || fee.isPlaceholderData}
        />
        {native && <DataField value={form.data} onChange={(data) => update({ data })} />}
        <Button
          type="submit"
          block
          color="primary"
          className={formStyles.submit}
          loading={steps.preparing}
          disabled={!info.data}
        >
          {t('wallet.send.next')}
        </Button>
      </form>
      {!deposit && <QrScanner visible={scanning} onClose={() => setScanning(false)} onScan={onScan} />}
      <PasswordSheet
        visible={steps.plan !== null}
        title={t('wallet.send.confirm.title')}
        submitText={t('wallet.send.confirm.submit')}
        walletId={wallet.id}
        hint={wallet.hint}
        onClose={steps.cancel}
        onSubmit={steps.send}
        blocked={simulation.blocked}
      >
        {steps.plan && info.data && <TransferSummary plan={steps.plan} wallet={wallet} network={info.data.network} />}
        {steps.plan && <TxPreview {...simulation.preview} />}
      </PasswordSheet>
    </>
  )
}
