import fp from 'fastify-plugin'
import { registerDevPrice } from '../../chain/dev-price.ts'
import { createFaucet, faucetAvailable, registerFaucet } from '../../chain/faucet.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import type { Mailer } from '../mail/mailer.ts'
import { outboxRepo } from '../mail/outbox.repo.ts'

export interface DevRoutesOptions {
  config: Config
  db: Db
  /** The chain node's URL (config.chain.rpcUrl, known to be set once the app is built). */
  rpcUrl: string
  mailer: Pick<Mailer, 'settled'>
  /** Awaited after the faucet or a price mined a block: the app's balances have read it. */
  seen: () => Promise<void>
}

/**
 * The development-only routes: `/dev/outbox` (the mails sent, under DEV_MODE=1), and on a
 * Hardhat dev chain the faucet (`/dev/faucet`) and the price feeds' setter (`/dev/price`).
 */
export const devRoutes = fp<DevRoutesOptions>(
  async (server, { config, db, rpcUrl, mailer, seen }) => {
    if (config.devMode) {
      const outbox = outboxRepo(db)
      server.get<{ Querystring: { to?: string } }>('/dev/outbox', async (request) => {
        // mails are sent after their request answered: list them once the ones under way are in
        await mailer.settled()
        return { list: await outbox.list(typeof request.query.to === 'string' ? request.query.to : undefined) }
      })
    }
    if (faucetAvailable(config)) {
      // both answer once the balance book has read the block they mined
      registerFaucet(server, createFaucet({ ...config.chain, rpcUrl }), seen)
      registerDevPrice(server, { rpcUrl, feeds: config.chain.priceFeeds, seen })
    }
  },
  { name: 'dev-routes' },
)
