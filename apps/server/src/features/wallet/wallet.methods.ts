import { swap, wallet as w, type MethodDef } from '@kinetic/protocol'
import type { Hex } from 'viem'
import type { Handler, Registry } from '../../platform/rpc/registry.ts'
import type { FastifyRequest } from 'fastify'
import { proofOrigin } from './proof.ts'
import { chainError } from './wallet.context.ts'
import type { WalletService } from './wallet.service.ts'

/** Node failures answer CHAIN_UNAVAILABLE. */
const guard =
  <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await handler(...args)
    } catch (error) {
      throw chainError(error)
    }
  }

/** The wallet operations: the service checks every id against the caller. */
export function registerWalletMethods(
  rpc: Registry,
  service: WalletService,
  configuredOrigin: string | undefined,
): void {
  const handle = <M extends MethodDef>(def: M, handler: Handler<M>) => rpc.handle(def, guard(handler))

  handle(w.walletIndex, (_p, ctx) => service.home(ctx.user.id))
  handle(w.walletInfo, (p, ctx) => service.walletInfo(ctx.user.id, p.wallet_id))
  const origin = (request: FastifyRequest) => proofOrigin(configuredOrigin, request)
  handle(w.walletChallenge, (p, ctx) => service.challenge(ctx.user.id, p, origin(ctx.request)))
  handle(w.walletCreate, (p, ctx) =>
    service.addWallet(ctx.user.id, p, { purpose: 'create', origin: origin(ctx.request) }),
  )
  // the person typed the words or key in: they already hold it (docs/adr/2026-11-24-imported-wallet-backup.md)
  handle(w.walletImport, (p, ctx) =>
    service.addWallet(ctx.user.id, p, { backedUp: true, purpose: 'import', origin: origin(ctx.request) }),
  )
  handle(w.walletProve, (p, ctx) => service.prove(ctx.user.id, p.wallet_id, p.proof, origin(ctx.request)))
  handle(w.walletPrivate, (p, ctx) => service.privateVault(ctx.user.id, p.wallet_id))
  handle(w.walletVerify, (p, ctx) => service.markBackedUp(ctx.user.id, p.wallet_id))
  handle(w.walletList, (p, ctx) => service.list(ctx.user.id, p.wallet_id))
  handle(w.walletRename, (p, ctx) => service.rename(ctx.user.id, p.wallet_id, p.name))
  handle(w.walletPassword, (p, ctx) => service.replaceVault(ctx.user.id, p.wallet_id, p.vault, p.hint))
  handle(w.walletDelete, (p, ctx) => service.remove(ctx.user.id, p.wallet_id))

  handle(w.walletBalance, (p, ctx) => service.balances(ctx.user.id, p.wallet_id))
  handle(w.balance, (p, ctx) => service.balance(ctx.user.id, p.wallet_id, p.coin_id))
  handle(w.allBalances, (p, ctx) => service.allBalances(ctx.user.id, p.wallet_id))
  handle(w.marketValue, () => service.marketValue())
  handle(w.coinList, (p) => service.coinList(p.keyword))
  handle(w.coinInfo, (p, ctx) => service.coinInfo(ctx.user.id, p))
  handle(w.coinHide, (p, ctx) => service.hideCoin(ctx.user.id, p.wallet_id, p.coin_id))

  handle(w.gasPrice, (p, ctx) => service.gasPrice(ctx.user.id, p))
  handle(w.transferInfo, (p, ctx) => service.transferInfo(ctx.user.id, p.wallet_id, p.coin_id))
  handle(w.transaction, (p, ctx) => service.transaction(ctx.user.id, p.wallet_id, p.raw as Hex))
  handle(w.simulate, (p, ctx) => service.simulate(ctx.user.id, p))
  handle(w.approvals, (p, ctx) => service.approvals(ctx.user.id, p.wallet_id))
  handle(w.knownContracts, () => Promise.resolve(service.knownContracts()))
  handle(w.walletHistory, (p, ctx) => service.walletHistory(ctx.user.id, p))
  handle(w.walletExport, (p, ctx) => service.walletExport(ctx.user.id, p))
  handle(w.record, (p, ctx) => service.record(ctx.user.id, p))
  handle(w.txHash, (p, ctx) => service.txDetail(ctx.user.id, p.hash))
  handle(swap.swapQuote, (p, ctx) => service.swapQuote(ctx.user.id, p))

  handle(w.addressBook, (p, ctx) => service.addressList(ctx.user.id, p))
  handle(w.addressAdd, (p, ctx) => service.addressSave(ctx.user.id, p))
  handle(w.addressDelete, (p, ctx) => service.addressDelete(ctx.user.id, p.id))
}
