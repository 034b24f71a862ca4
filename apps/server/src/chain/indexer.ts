import { BlockNotFoundError, TransactionReceiptNotFoundError, type Address, type Hash, type PublicClient } from 'viem'
import type { ChainConfig } from '../platform/config.ts'
import type { Db } from '../platform/db/client.ts'
import { indexerRepo, type BlockRef, type IndexerRepo, type TransferRow, type Within } from './indexer.repo.ts'
import { IndexerLock } from './indexer.lock.ts'
import { pause, supervise, type Backoff, type Service, type Supervised } from '../platform/jobs/supervisor.ts'
import { scanRange } from './scan.ts'
import { publicClient } from './viem.ts'

/** Blocks read per step (one transaction in Postgres per step). */
export const BATCH_BLOCKS = 200
/** Steps per pass before the loop gives other work a turn (200 × 50 = 10,000 blocks). */
const STEPS_PER_PASS = 50
const DROP_AFTER_MS = 60_000

export interface IndexerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface IndexerOptions {
  db: Db
  /** For the dedicated connection that holds the advisory lock. */
  databaseUrl: string
  chain: ChainConfig & { rpcUrl: string }
  /** The addresses to follow, read at every pass (app.ts passes the wallet feature's). */
  tracked: () => Promise<string[]>
  log?: IndexerLog
  /**
   * Told of each step's confirmed transfers inside the transaction that saves them and moves the
   * cursor, so what it writes (credited deposits) commits with them or not at all, once.
   */
  onConfirmed?: Within<TransferRow[]>
  /** Told of a reorg inside the rollback's transaction: everything above the fork is undone. */
  onRollback?: Within<BlockRef>
  /** Milliseconds between passes; default `chain.pollMs`. */
  intervalMs?: number
  batchBlocks?: number
  /** How old a pending row must be before it may be found dropped; default one minute. */
  dropAfterMs?: number
}

/** What one pass did: nothing when another instance holds the lock. */
export type IndexPass = { ran: false } | PassResult

export interface PassResult {
  ran: true
  /** The cursor reached the confirmed head (otherwise the loop runs again at once). */
  caughtUp: boolean
  /** Blocks read and rows written. */
  indexed: number
  transfers: number
  /** Reorgs rolled back; chain re-creations (new genesis) forgotten. */
  reorgs: number
  resets: number
  /** Pending rows found dropped or replaced (now failed). */
  dropped: number
}

export interface Indexer {
  /** One pass now: takes the lock if it is free, then follows the chain up to the confirmed head. */
  indexOnce(): Promise<IndexPass>
  /** Passes every `intervalMs`, as a service of the app's runner (main.ts adds it there). */
  readonly service: Service
  readonly backoff: Backoff
  /** Runs the service under a supervisor of its own until stop() (tests). */
  start(): void
  /** Stops start()'s loop, waits for a running pass and gives the lock up. */
  stop(): Promise<void>
  readonly holdsLock: boolean
}

type Step =
  | { kind: 'idle' }
  | { kind: 'begun' | 'reset' | 'moved' }
  | { kind: 'reorg'; fork: BlockRef }
  | { kind: 'indexed'; blocks: number; transfers: number }

const quiet: IndexerLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

/**
 * Follows the chain for every tracked address (`options.tracked`) and records
 * native transfers, BEP20 Transfer logs and the BNB the exchange's router pays out of a swap
 * (WBNB Withdrawal logs) in chain_transfers once their block has
 * `chain.confirmations` confirmations. One instance across all servers runs it (a Postgres
 * advisory lock); it resumes from chain_cursor after a restart; a block whose parent is not
 * the block it indexed before is a reorg: it rolls back to the fork point and goes on.
 */
export function createIndexer(options: IndexerOptions): Indexer {
  const { chain, db } = options
  const log = options.log ?? quiet
  const client: PublicClient = publicClient(chain.id, chain.rpcUrl, chain.multicall)
  const repo = indexerRepo(db, chain.id)
  const lock = new IndexerLock(options.databaseUrl, chain.id)
  const batch = options.batchBlocks ?? BATCH_BLOCKS
  let running: Promise<IndexPass> | undefined
  let supervised: Supervised | undefined

  async function step(): Promise<Step> {
    const [tracked, head, genesis, cursor] = await Promise.all([
      options.tracked(),
      client.getBlockNumber({ cacheTime: 0 }),
      client.getBlock({ blockNumber: 0n }),
      repo.cursor(),
    ])
    const safe = Number(head) - chain.confirmations + 1
    if (!cursor) {
      const start = Math.max(0, chain.indexFrom !== undefined ? chain.indexFrom - 1 : safe)
      const from = start === 0 ? genesis : await client.getBlock({ blockNumber: BigInt(start) })
      await repo.begin({ number: 0, hash: genesis.hash }, { number: start, hash: from.hash })
      log.info({ chainId: chain.id, block: start }, 'indexer starts after this block')
      return { kind: 'begun' }
    }
    const knownGenesis = await repo.blockHash(0)
    if (knownGenesis !== undefined && knownGenesis !== genesis.hash) {
      log.warn({ chainId: chain.id }, 'the chain was re-created (new genesis): forgetting its transfers')
      await repo.forget()
      return { kind: 'reset' }
    }
    if (safe <= cursor.number) return { kind: 'idle' }

    const to = Math.min(safe, cursor.number + batch)
    const scan = await scanRange(client, chain.id, cursor.number + 1, to, new Set(tracked), chain.dex)
    const parent = (await repo.blockHash(cursor.number)) ?? cursor.hash
    if (scan.blocks[0]?.parentHash !== parent) {
      const fork = await forkPoint(repo, client, cursor, log)
      await repo.rollback(fork, options.onRollback)
      log.warn({ chainId: chain.id, from: cursor.number, fork: fork.number }, 'reorg: rolled back to the fork point')
      return { kind: 'reorg', fork }
    }
    const blocks = scan.blocks.map((b) => ({ number: b.number, hash: b.hash }))
    if (!(await repo.commit(cursor, blocks, scan.transfers, options.onConfirmed, scan.approvals)))
      return { kind: 'moved' }
    return { kind: 'indexed', blocks: blocks.length, transfers: scan.transfers.length }
  }

  async function pass(): Promise<IndexPass> {
    if (!(await lock.acquire())) return { ran: false }
    const result: PassResult = {
      ran: true,
      caughtUp: false,
      indexed: 0,
      transfers: 0,
      reorgs: 0,
      resets: 0,
      dropped: 0,
    }
    for (let i = 0; i < STEPS_PER_PASS && !result.caughtUp; i++) {
      const done = await step()
      if (done.kind === 'idle') result.caughtUp = true
      if (done.kind === 'reorg') result.reorgs++
      if (done.kind === 'reset') result.resets++
      if (done.kind === 'indexed') {
        result.indexed += done.blocks
        result.transfers += done.transfers
      }
    }
    if (result.caughtUp) result.dropped = await settleDropped()
    return result
  }

  /**
   * A pending transaction whose sender's nonce is used up at the confirmed head, but which no
   * block holds, was replaced or dropped: another transaction took its nonce, so it can
   * never be mined. Its row becomes failed instead of pending forever.
   */
  async function settleDropped(): Promise<number> {
    const stale = await repo.stalePending(new Date(Date.now() - (options.dropAfterMs ?? DROP_AFTER_MS)))
    if (stale.length === 0) return 0
    const cursor = await repo.cursor()
    if (!cursor) return 0
    const used = new Map<string, number>()
    let dropped = 0
    for (const row of stale) {
      if (row.nonce === null) continue
      if (!used.has(row.from))
        used.set(
          row.from,
          await client.getTransactionCount({ address: row.from as Address, blockNumber: BigInt(cursor.number) }),
        )
      if (row.nonce >= (used.get(row.from) ?? 0)) continue
      const mined = await client.getTransactionReceipt({ hash: row.hash as Hash }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof TransactionReceiptNotFoundError) return false
          throw error
        },
      )
      if (mined) continue // in a block: the indexer records it (or its sender is not tracked)
      await repo.dropped(row.hash)
      dropped++
    }
    return dropped
  }

  const indexOnce = (): Promise<IndexPass> => {
    running ??= pass().finally(() => (running = undefined))
    return running
  }

  const interval = options.intervalMs ?? chain.pollMs
  /** Passes every `interval` (at once while behind); a failed pass restarts it with backoff. */
  const service: Service = {
    name: 'indexer',
    async run({ signal, up }) {
      while (!signal.aborted) {
        const result = await indexOnce()
        up()
        await pause(result.ran && !result.caughtUp ? 0 : interval, signal)
      }
    },
  }
  const backoff = { firstMs: interval, maxMs: Math.max(interval, 10_000) }

  return {
    indexOnce,
    service,
    backoff,
    start() {
      supervised ??= supervise(service, log, backoff)
    },
    async stop() {
      await supervised?.stop()
      await running?.catch(() => undefined)
      await lock.release()
    },
    get holdsLock() {
      return lock.held
    },
  }
}

/**
 * The newest kept block the chain still has (same hash at that height). Deeper than the
 * kept hashes (never on BSC, whose finality is a few blocks), it trusts the chain below
 * the oldest one it kept.
 */
async function forkPoint(
  repo: IndexerRepo,
  client: PublicClient,
  cursor: BlockRef,
  log: IndexerLog,
): Promise<BlockRef> {
  const kept = await repo.recentBlocks(cursor.number)
  for (const block of kept) {
    const onChain = await client.getBlock({ blockNumber: BigInt(block.number) }).catch((error: unknown) => {
      if (error instanceof BlockNotFoundError) return undefined
      throw error
    })
    if (onChain?.hash === block.hash) return block
  }
  const number = Math.max(0, (kept.at(-1)?.number ?? 1) - 1)
  log.error({ below: number }, 'reorg deeper than the kept block hashes')
  const block = await client.getBlock({ blockNumber: BigInt(number) })
  return { number, hash: block.hash }
}
