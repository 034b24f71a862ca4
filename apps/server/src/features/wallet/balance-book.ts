import { getAddress, type Address, type Hash } from 'viem'
import { type Chain, type ChainSnapshot, type FeedRound, type Holding } from '../../chain/chain.ts'
import type { Db } from '../../platform/db/client.ts'
import { pause, type Backoff, type Service } from '../../platform/jobs/supervisor.ts'
import { watchedHoldings } from './coins.repo.ts'

/**
 * Reads per multicall: ~1,000 balanceOf calls use well under 10 M gas, a fifth of the 50 M
 * eth_call cap geth-based nodes (BSC) apply by default, and an answer of ~100 KB.
 */
export const READS_PER_MULTICALL = 1000
/**
 * Polls in a row the node failed after which the book's figures are no longer served as they
 * are (a busy process polling late does not count: only failures do).
 */
export const STALE_POLLS = 3

/** Figures as the book serves them: a snapshot and the block it is of. */
export interface BookSnapshot extends ChainSnapshot {
  block: bigint
}

export interface BookLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export interface BalanceBook {
  /**
   * Balances of `owner` and feed rounds from the book, at its block — no node call when they are
   * there. An owner or token not read yet (a wallet or token added since the block) is read
   * once, at the node's head (the book catches up with it first), and kept. When the node failed STALE_POLLS polls in a row the
   * head is read first; ChainUnavailable when the node cannot give what is needed.
   */
  snapshot(owner: Address, tokens: readonly (Address | null)[], feeds: readonly Address[]): Promise<BookSnapshot>
  /**
   * Reads the node's head; when it is a new block (or a new hash: a reorg), re-reads every
   * watched balance and feed at it in as few multicalls as READS_PER_MULTICALL allows. One
   * at a time: a call while one runs waits for it, then runs again.
   */
  refresh(): Promise<void>
  /** The block the figures are of (undefined before the first read). */
  readonly block: bigint | undefined
  /** Refreshes every `pollMs` (app.ts adds it to the runner). */
  readonly service: Service
  readonly backoff: Backoff
}

interface Page {
  block: bigint
  hash: Hash | undefined
  blockTime: bigint
  /** `owner:token` (lower-case; token '' for native) → base units. */
  balances: Map<string, bigint>
  rounds: Map<string, FeedRound | undefined>
}

const key = (owner: string, token: string | null) => `${owner.toLowerCase()}:${token?.toLowerCase() ?? ''}`

/**
 * The wallet's balances, kept per block in this process: every live wallet with the coins it
 * shows and the listed coins, read in one multicall (batched) each time the node's head
 * changes, so /v1/walletindex and the balance reads never wait on the node
 * (docs/adr/2026-11-25-balances-per-block.md).
 */
export function balanceBook(options: {
  db: Db
  chain: Pick<Chain, 'chainId' | 'sheet' | 'head'>
  /** Every feed address of the configured price feeds: read with each block. */
  feeds: readonly Address[]
  pollMs: number
  log?: BookLog
}): BalanceBook {
  const { db, chain, feeds, pollMs } = options
  let page: Page | undefined
  /** Refreshes in a row that failed (the node away). */
  let failures = 0
  let running: Promise<void> | undefined
  let down = false
  const pending = new Map<string, Promise<void>>()

  async function read(): Promise<void> {
    const head = await chain.head()
    if (down) options.log?.info({ block: head.number }, 'balance book: the node answers again')
    down = false
    if (page && page.hash === head.hash) return
    const watched = await watchedHoldings(db, chain.chainId)
    const holdings = watched.map((w): Holding => ({
      owner: getAddress(w.address),
      token: w.contract === null ? null : getAddress(w.contract),
    }))
    const batches: Holding[][] = []
    for (let i = 0; i < holdings.length; i += READS_PER_MULTICALL)
      batches.push(holdings.slice(i, i + READS_PER_MULTICALL))
    if (batches.length === 0) batches.push([])
    const sheets = await Promise.all(batches.map((batch, i) => chain.sheet(batch, i === 0 ? feeds : [], head.number)))
    const balances = new Map<string, bigint>()
    batches.forEach((batch, i) =>
      batch.forEach((h, j) => balances.set(key(h.owner, h.token), sheets[i]?.balances[j] ?? 0n)),
    )
    const rounds = new Map(feeds.map((f, i) => [f.toLowerCase(), sheets[0]?.rounds[i]]))
    const blockTime = sheets[0]?.blockTime ?? 0n
    // reads run one at a time (refresh): this is the newest head, lower too after a deep reorg
    page = { block: head.number, hash: head.hash, blockTime, balances, rounds }
  }

  let queued: Promise<void> | undefined
  function refresh(): Promise<void> {
    if (!running) {
      running = read()
        .then(
          () => void (failures = 0),
          (error: unknown) => {
            failures++
            throw error
          },
        )
        .finally(() => (running = undefined))
      return running
    }
    // the running read may have asked for the head before the caller's block: one more after it
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined
        return refresh()
      })
    return queued
  }

  const stale = () => failures >= STALE_POLLS

  /** Reads what `at` lacks for `owner`, once at a time per owner and tokens, at `at`'s block. */
  function fill(at: Page, owner: Address, tokens: (Address | null)[], missingFeeds: Address[]): Promise<void> {
    const id = `${at.block}:${key(owner, null)}:${tokens.join(',')}:${missingFeeds.join(',')}`
    let filling = pending.get(id)
    if (!filling) {
      filling = chain
        .sheet(
          tokens.map((token) => ({ owner, token })),
          missingFeeds,
          at.block,
        )
        .then((sheet) => {
          tokens.forEach((token, i) => at.balances.set(key(owner, token), sheet.balances[i] ?? 0n))
          missingFeeds.forEach((feed, i) => at.rounds.set(feed.toLowerCase(), sheet.rounds[i]))
        })
        .finally(() => pending.delete(id))
      pending.set(id, filling)
    }
    return filling
  }

  return {
    async snapshot(owner, tokens, wanted) {
      // never read, or the node failed STALE_POLLS polls in a row: ask it now (ChainUnavailable if still away)
      if (!page || stale()) await refresh()
      const lacks = (p: Page) =>
        tokens.some((t) => !p.balances.has(key(owner, t))) || wanted.some((f) => !p.rounds.has(f.toLowerCase()))
      // a wallet or coin added since the book's block (a funded wallet just imported): catch up
      // with the node's head first, so its first figures are the current ones, not the block's
      if (page && lacks(page)) await refresh()
      const at = page
      if (!at) throw new Error('the balance book has no page after a read')
      const missing = [...new Set(tokens.filter((t) => !at.balances.has(key(owner, t))))]
      const missingFeeds = wanted.filter((f) => !at.rounds.has(f.toLowerCase()))
      if (missing.length > 0 || missingFeeds.length > 0) await fill(at, owner, missing, missingFeeds)
      return {
        block: at.block,
        blockTime: at.blockTime,
        balances: tokens.map((t) => at.balances.get(key(owner, t)) ?? 0n),
        rounds: wanted.map((f) => at.rounds.get(f.toLowerCase())),
      }
    },

    refresh,

    get block() {
      return page?.block
    },

    service: {
      name: 'balance-book',
      async run({ signal, up }) {
        while (!signal.aborted) {
          try {
            await refresh()
            up()
          } catch (error) {
            if (!down)
              options.log?.warn(
                { reason: error instanceof Error ? error.message : String(error) },
                'balance book: refresh failed; serving the last block for now',
              )
            down = true
          }
          await pause(pollMs, signal)
        }
      },
    },
    backoff: { firstMs: pollMs, maxMs: Math.max(pollMs, 10_000) },
  }
}
