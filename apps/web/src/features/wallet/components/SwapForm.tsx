import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showToast } from '@/shared/ui/toast'
import { shortenMiddle, swap } from '@kinetic/protocol'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Checkbox, Dialog, DotLoading } from 'antd-mobile'
import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoopOutline } from 'antd-mobile-icons'
import formStyles from '@/shared/ui/Form.module.css'
import { Amount } from '@/shared/ui/Amount'
import { useBalancesQuery } from '../assets.queries'
import { formatAmount, formatWithUsd } from '../lib/format'
import { signAndBroadcast } from '../lib/swapSign'
import type { Wallet } from '../lib/types'
import { useDebounced } from '../lib/useDebounced'
import { swapQuoteQuery, useSwapQuoteQuery, useSwapResultQuery, type SwapQuoteParams } from '../swap.queries'
import { useSimulation } from '../simulate.queries'
import { invalidateWallet } from '../wallet.queries'
import { AmountField } from './AmountField'
import { CoinPicker } from './CoinPicker'
import styles from './Exchange.module.css'
import { PasswordSheet } from './PasswordSheet'
import { SwapConfirmation } from './SwapConfirmation'
import { TextField } from './TextField'
import { TxPreview } from './TxPreview'

/** A price impact above this many percent is called out. */
const HIGH_IMPACT_PERCENT = 5
const APPROVAL_WAIT_MS = 60_000
/** The slippage radio that opens the custom field. */
const CUSTOM = 'custom'

type Sheet = { kind: 'approve' | 'swap'; quote: swap.SwapQuote } | null

/**
 * The exchange: pay one coin, get another through the chain's V2 router. The quote is read
 * as the person types; an approval (exact amount unless they choose unlimited, after a
 * warning) is signed first when needed; the confirm sheet shows the quote frozen as it will
 * be signed and the node's simulation of it, and a simulation that reverts blocks the send.
 */
export function SwapForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const balances = useBalancesQuery(wallet.id)
  const assets = balances.data?.assets ?? []
  const native = assets.find((a) => a.contract === null)
  const [fromId, setFromId] = useState<number | null>(null)
  const [toId, setToId] = useState<number | null>(null)
  const [amount, setAmount] = useState('')
  const [slippage, setSlippage] = useState<string>(swap.SLIPPAGE_DEFAULT)
  const [custom, setCustom] = useState('')
  const [unlimited, setUnlimited] = useState(false)
  const [sheet, setSheet] = useState<Sheet>(null)
  const [approving, setApproving] = useState(false)
  const [sent, setSent] = useState<string | null>(null)

  const from = assets.find((a) => a.id === fromId) ?? native
  const to = assets.find((a) => a.id === toId) ?? assets.find((a) => a.id !== from?.id && a.symbol === 'USDT')
  const chosenSlippage = slippage === CUSTOM ? custom.trim() : slippage
  const settled = { amount: useDebounced(amount.trim()), slippage: useDebounced(chosenSlippage) }
  const params = useMemo((): SwapQuoteParams | null => {
    if (!from || !to || !/^\d*\.?\d+$/.test(settled.amount) || Number(settled.amount) === 0) return null
    if (settled.slippage === '') return null
    return {
      wallet_id: wallet.id,
      from_coin_id: from.id,
      to_coin_id: to.id,
      amount: settled.amount,
      slippage: settled.slippage,
      unlimited_approval: unlimited,
    }
  }, [from, to, settled.amount, settled.slippage, unlimited, wallet.id])
  const quote = useSwapQuoteQuery(sent ? null : params)

  if (balances.error) return <LoadFailed message={balances.error.message} onRetry={() => void balances.refetch()} />
  if (!balances.data || !from || !native) return <Loading />
  if (sent) return <SwapResult hash={sent} onAgain={() => setSent(null)} />

  const q = quote.data
  const current = q && params && q.from.id === params.from_coin_id && q.to.id === params.to_coin_id ? q : undefined
  const reverted = current?.simulation.status === 'reverted'

  const chooseUnlimited = async (checked: boolean) => {
    if (!checked) return setUnlimited(false)
    const agreed = await Dialog.confirm({
      title: t('wallet.exchange.unlimited'),
      content: t('wallet.exchange.unlimitedWarning'),
      confirmText: t('wallet.send.warn.continue'),
      cancelText: t('common.cancel'),
    })
    setUnlimited(agreed)
  }

  const review = (event: FormEvent) => {
    event.preventDefault()
    if (!current || reverted) return
    setSheet({ kind: current.approval ? 'approve' : 'swap', quote: current })
  }

  /** Signs the approval, then waits until the router may spend the amount (the quote has no approval left). */
  const approve = async (password: string) => {
    if (!sheet || !params) return
    await signAndBroadcast(wallet, password, sheet.quote.approval?.tx ?? sheet.quote.swap, sheet.quote, native.id)
    setSheet(null)
    setApproving(true)
    try {
      const until = Date.now() + APPROVAL_WAIT_MS
      while (Date.now() < until) {
        const fresh = await queryClient.fetchQuery(swapQuoteQuery(params))
        if (!fresh.approval) {
          queryClient.setQueryData(swapQuoteQuery(params).queryKey, fresh)
          showToast(t('wallet.exchange.approved'))
          return
        }
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
    } finally {
      setApproving(false)
    }
  }

  const send = async (password: string) => {
    if (!sheet) return
    const hash = await signAndBroadcast(wallet, password, sheet.quote.swap, sheet.quote, native.id)
    setSheet(null)
    setSent(hash)
    void invalidateWallet(queryClient)
  }

  const flip = () => {
    if (!to) return
    setFromId(to.id)
    setToId(from.id)
    setAmount('')
  }

  return (
    <>
      <form className={formStyles.form} onSubmit={review} noValidate>
        <p className={styles.label}>{t('wallet.exchange.from')}</p>
        <CoinPicker
          assets={assets}
          value={from}
          onChange={(id) => {
            setFromId(id)
            if (id === to?.id) setToId(from.id)
            setAmount('')
          }}
          label={t('wallet.exchange.chooseFrom')}
          title={t('wallet.exchange.chooseFrom')}
        />
        <AmountField
          label={t('wallet.exchange.amount')}
          value={amount}
          onChange={setAmount}
          onAll={() => setAmount(from.balance)}
          balance={from.balance}
          symbol={from.symbol}
        />
        <button type="button" className={styles.flip} aria-label={t('wallet.exchange.flip')} onClick={flip}>
          <LoopOutline aria-hidden="true" />
        </button>
        <p className={styles.label}>{t('wallet.exchange.to')}</p>
        <CoinPicker
          assets={assets.filter((a) => a.id !== from.id)}
          value={to}
          onChange={setToId}
          label={t('wallet.exchange.chooseTo')}
          title={t('wallet.exchange.chooseTo')}
        />
        <fieldset className={styles.slippage}>
          <legend className={styles.label}>{t('wallet.exchange.slippage')}</legend>
          {[...swap.SLIPPAGE_PRESETS, CUSTOM].map((choice) => (
            <label key={choice} className={styles.choice} data-selected={slippage === choice}>
              <input
                type="radio"
                name="slippage"
                value={choice}
                checked={slippage === choice}
                onChange={() => setSlippage(choice)}
              />
              {choice === CUSTOM ? t('wallet.exchange.custom') : `${choice}%`}
            </label>
          ))}
          {slippage === CUSTOM && (
            <div className={styles.custom}>
              <TextField
                label={t('wallet.exchange.custom')}
                value={custom}
                onChange={(text) => setCustom(text.replace(/[^\d.]/g, ''))}
                inputMode="decimal"
                maxLength={6}
              />
            </div>
          )}
        </fieldset>
        {from.contract !== null && (
          <>
            <Checkbox checked={unlimited} onChange={(checked) => void chooseUnlimited(checked)}>
              {t('wallet.exchange.unlimited')}
            </Checkbox>
            {unlimited && <p className={styles.warning}>{t('wallet.exchange.unlimitedWarning')}</p>}
          </>
        )}
        {quote.isFetching && !current && (
          <p className={styles.label}>
            {t('wallet.exchange.quoting')} <DotLoading />
          </p>
        )}
        {quote.error && params && (
          <p className={styles.error} role="alert">
            {quote.error.message}
          </p>
        )}
        {current && !quote.error && <QuoteDetails quote={current} />}
        {current && !quote.error && <QuoteCheck simulation={current.simulation} coin={current.to} />}
        <Button
          type="submit"
          block
          color="primary"
          className={formStyles.submit}
          loading={approving}
          disabled={!current || reverted || Boolean(quote.error)}
        >
          {current?.approval
            ? t('wallet.exchange.approveFirst', { symbol: current.from.symbol })
            : t('wallet.exchange.review')}
        </Button>
        {approving && <p role="status">{t('wallet.exchange.approving')}</p>}
      </form>
      <ApprovalSheet
        wallet={wallet}
        quote={sheet?.kind === 'approve' ? sheet.quote : null}
        onClose={() => setSheet(null)}
        onSubmit={approve}
      />
      <PasswordSheet
        visible={sheet?.kind === 'swap'}
        title={t('wallet.exchange.confirmTitle')}
        submitText={t('wallet.exchange.submit')}
        walletId={wallet.id}
        hint={wallet.hint}
        onClose={() => setSheet(null)}
        onSubmit={send}
        blocked={sheet?.quote.simulation.status === 'reverted'}
      >
        {sheet?.kind === 'swap' && <SwapConfirmation quote={sheet.quote} />}
      </PasswordSheet>
    </>
  )
}

/** Under the quote: the node's eth_call verdict — what it pays out, or why the swap would revert. */
function QuoteCheck({ simulation, coin }: { simulation: swap.Simulation; coin: swap.SwapQuote['to'] }) {
  const { t } = useTranslation()
  if (simulation.status === 'reverted')
    return (
      <p className={styles.error} role="alert">
        {t('wallet.exchange.reverted', { reason: simulation.reason })}
      </p>
    )
  if (simulation.status === 'ok')
    return (
      <p role="status">
        {t('wallet.exchange.simulated', {
          amount: formatAmount(simulation.amount_out, coin.decimals),
          symbol: coin.symbol,
        })}
      </p>
    )
  return null
}

function QuoteDetails({ quote }: { quote: swap.SwapQuote }) {
  const { t } = useTranslation()
  const rate = Number(quote.amount_out) / Number(quote.amount_in)
  const rows: [string, ReactNode][] = [
    [
      t('wallet.exchange.to'),
      <Amount value={quote.amount_out} symbol={quote.to.symbol} decimals={quote.to.decimals} />,
    ],
    [
      t('wallet.exchange.rate', { from: quote.from.symbol, rate: formatAmount(rate.toFixed(18)), to: quote.to.symbol }),
      '',
    ],
    // a minimum is rounded down: it never promises more than the swap guarantees
    [
      t('wallet.exchange.minimum'),
      <Amount value={quote.minimum_received} symbol={quote.to.symbol} decimals={quote.to.decimals} round="down" />,
    ],
    [t('wallet.exchange.impact'), `${quote.price_impact}%`],
    [t('wallet.exchange.route'), quote.route.join(' → ')],
    [t('wallet.exchange.lpFee'), formatWithUsd(quote.lp_fee, quote.from.symbol, quote.lp_fee_usd)],
    [t('wallet.exchange.networkFee'), formatWithUsd(quote.network_fee, 'BNB', quote.network_fee_usd)],
  ]
  return (
    <>
      <dl className={styles.details} aria-label={t('wallet.exchange.title')}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {Number(quote.price_impact) >= HIGH_IMPACT_PERCENT && (
        <p className={styles.warning}>{t('wallet.exchange.highImpact')}</p>
      )}
    </>
  )
}

/**
 * The approval step's sheet: what it allows (exact amount, or unlimited with its warning),
 * then the preview every signature shows — the node's simulation of exactly this approve
 * call (approvals granted, fee in BNB and USD, or why it would revert) — then the password.
 */
function ApprovalSheet({
  wallet,
  quote,
  onClose,
  onSubmit,
}: {
  wallet: Wallet
  quote: swap.SwapQuote | null
  onClose: () => void
  onSubmit: (password: string) => Promise<void>
}) {
  const { t } = useTranslation()
  const approval = quote?.approval
  const simulation = useSimulation(
    approval ? { wallet_id: wallet.id, to: approval.tx.to, value: approval.tx.value, data: approval.tx.data } : null,
  )
  return (
    <PasswordSheet
      visible={Boolean(approval)}
      title={t('wallet.exchange.approveTitle', { symbol: quote?.from.symbol ?? '' })}
      submitText={t('wallet.exchange.approveSubmit')}
      walletId={wallet.id}
      hint={wallet.hint}
      onClose={onClose}
      onSubmit={onSubmit}
      blocked={simulation.blocked}
    >
      {quote && approval && (
        <>
          <p>
            {t('wallet.exchange.approveText', {
              spender: shortenMiddle(approval.spender),
              amount: approval.unlimited ? t('wallet.exchange.approveUnlimitedAmount') : approval.amount,
              symbol: quote.from.symbol,
            })}
          </p>
          {approval.unlimited && <p className={styles.warning}>{t('wallet.exchange.unlimitedWarning')}</p>}
          <TxPreview {...simulation.preview} />
        </>
      )}
    </PasswordSheet>
  )
}

/** After sending: pending until the chain has it, then what came back, or that it reverted (only the fee paid). */
function SwapResult({ hash, onAgain }: { hash: string; onAgain: () => void }) {
  const { t } = useTranslation()
  const tx = useSwapResultQuery(hash)
  const transfers = tx.data?.transfers ?? []
  const status =
    transfers.length === 0 ? 'pending' : (transfers.find((item) => item.log_index === -1) ?? transfers[0])?.status
  const legs = transfers.find((item) => item.swap)?.swap
  return (
    <div className={styles.result}>
      <p role="status" data-status={status}>
        {status === 'success' && legs
          ? t('wallet.exchange.done', {
              amount: formatAmount(legs.received.amount, legs.received.coin.decimals),
              symbol: legs.received.coin.symbol,
            })
          : status === 'failed'
            ? t('wallet.exchange.failed')
            : t('wallet.exchange.pending')}
      </p>
      <Link to={`/transferResultHash?hash=${hash}`}>{t('wallet.exchange.detail')}</Link>
      <Button block color="primary" className={formStyles.submit} onClick={onAgain}>
        {t('wallet.exchange.again')}
      </Button>
    </div>
  )
}
