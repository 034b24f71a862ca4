import type { FastifyInstance } from 'fastify'
import { ChainRejected, ChainUnavailable } from './chain.ts'
import { setDevFeed } from './dev-contracts.ts'
import { submitting } from './errors.ts'
import type { PriceFeed } from './networks.ts'

const USD_RE = /^\d{1,12}(\.\d{1,8})?$/

/**
 * `POST /dev/price` with JSON `{symbol, usd, updated_at?}` → `{hash}`: sets the answer of the
 * coin's feed on the dev chain (a DevPriceFeed that account #0 deployed) to `usd` dollars,
 * updated at `updated_at` (Unix seconds) or, without it, following the chain's clock. The app
 * then reads it through the same multicall as on BSC. Registered where the faucet is (a dev
 * chain outside production). 400 for a coin without a feed or a bad value, 409 when the feed
 * refuses (not a DevPriceFeed of account #0), 503 when the dev chain is down.
 */
export function registerDevPrice(
  server: FastifyInstance,
  options: {
    rpcUrl: string
    feeds: Readonly<Record<string, PriceFeed>>
    /** Awaited after the feed is set (the app's balance book reading the new block); failure ignored. */
    seen?: () => Promise<void>
  },
): void {
  server.post<{ Body: { symbol?: unknown; usd?: unknown; updated_at?: unknown } | undefined }>(
    '/dev/price',
    async (request, reply) => {
      const { symbol, usd, updated_at: updatedAt } = request.body ?? {}
      const feed = typeof symbol === 'string' ? options.feeds[symbol.toUpperCase()] : undefined
      if (!feed) return reply.code(400).send({ error: `no price feed for ${JSON.stringify(symbol)}` })
      if (typeof usd !== 'string' || !USD_RE.test(usd))
        return reply.code(400).send({ error: 'usd must be a decimal string with at most 8 decimals' })
      if (
        updatedAt !== undefined &&
        (typeof updatedAt !== 'number' || !Number.isSafeInteger(updatedAt) || updatedAt < 1)
      )
        return reply.code(400).send({ error: 'updated_at must be Unix seconds' })
      try {
        const hash = await submitting(() => setDevFeed(options.rpcUrl, feed.address, usd, updatedAt))
        await options.seen?.().catch(() => undefined)
        return { hash }
      } catch (error) {
        if (error instanceof ChainRejected) return reply.code(409).send({ error: error.reason })
        if (error instanceof ChainUnavailable) return reply.code(503).send({ error: 'the dev chain is not answering' })
        throw error
      }
    },
  )
}
