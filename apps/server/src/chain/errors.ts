import { BaseError, decodeErrorResult, RpcRequestError, type Hex } from 'viem'
import { KINETIC_TOKEN } from './artifacts.ts'
import { ChainRejected, ChainUnavailable } from './chain.ts'

/**
 * What nodes say when they refuse a transaction (geth/bsc, Hardhat), as the short reason
 * the wallet shows. The first match wins; anything else keeps the node's own first sentence.
 */
const REASONS: [RegExp, string][] = [
  [/nonce too low/i, 'nonce too low'],
  [/nonce too high/i, 'nonce too high'],
  [/insufficient funds|doesn't have enough funds/i, 'insufficient funds for gas * price + value'],
  [/already known|known transaction|already imported/i, 'already known'],
  [/replacement transaction underpriced/i, 'replacement transaction underpriced'],
  [/underpriced|gas price too low|less than (the )?block base fee/i, 'transaction underpriced'],
  [/intrinsic gas too low/i, 'intrinsic gas too low'],
  [/exceeds block gas limit/i, 'exceeds block gas limit'],
  [/chain ?id/i, 'wrong chain id'],
  [/invalid sender|invalid signature/i, 'invalid signature'],
]

/** OpenZeppelin's ERC20 errors (the demo tokens) in words, as older BEP20s say them. */
const TOKEN_ERRORS: Record<string, string> = {
  ERC20InsufficientBalance: 'transfer amount exceeds balance',
  ERC20InsufficientAllowance: 'insufficient allowance',
  ERC20InvalidReceiver: 'transfer to an invalid address',
  ERC20InvalidSender: 'transfer from an invalid address',
}

/** JSON-RPC "limit exceeded": the provider throttles us, which says nothing about the transaction. */
const LIMIT_EXCEEDED = -32005

/** The node's message: the `details` of its JSON-RPC error answer, if it gave one. */
function nodeMessage(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const rpc = error.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null
  return rpc && rpc.code !== LIMIT_EXCEEDED ? rpc.details : undefined
}

/** Why a call reverted, from the revert data the node quotes. */
export function revertReason(message: string): string {
  const data = /0x[0-9a-f]{8,}/i.exec(message)?.[0] as Hex | undefined
  const quoted = /reverted with reason string '([^']*)'/.exec(message)?.[1]
  if (quoted) return `execution reverted: ${quoted}`
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: KINETIC_TOKEN.abi, data })
      if (decoded.errorName === 'Error') return `execution reverted: ${String(decoded.args?.[0])}`
      return TOKEN_ERRORS[decoded.errorName] ?? `execution reverted: ${decoded.errorName}`
    } catch {
      // not an error this ABI knows
    }
  }
  const own = /execution reverted: ([^\n(]+)/i.exec(message)?.[1]
  return own ? `execution reverted: ${own.trim()}` : 'execution reverted'
}

/** A short human reason from a node's message. */
export function rejectionReason(message: string): string {
  if (/revert/i.test(message)) return revertReason(message)
  for (const [pattern, reason] of REASONS) if (pattern.test(message)) return reason
  const first = message.split(/\.\s|\n/)[0]?.trim() || 'rejected by the node'
  return first.length > 160 ? `${first.slice(0, 157)}...` : first
}

/**
 * Maps a viem failure to the Chain contract: the node answered with an error (it refused
 * the transaction or the call reverted) → ChainRejected with a short reason; it could not
 * be reached, timed out or answered garbage → ChainUnavailable.
 */
export function toChainError(error: unknown): ChainRejected | ChainUnavailable {
  if (error instanceof ChainRejected || error instanceof ChainUnavailable) return error
  const message = nodeMessage(error)
  return message === undefined ? new ChainUnavailable(error) : new ChainRejected(rejectionReason(message))
}

/** Runs a read; any failure means the node could not answer. */
export async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw error instanceof ChainUnavailable ? error : new ChainUnavailable(error)
  }
}

/** Runs a request the node may refuse (sending, estimating). */
export async function submitting<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw toChainError(error)
  }
}
