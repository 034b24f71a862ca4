import { wallet } from '@kinetic/protocol'
import { getAddress, verifyMessage, type Address, type Hex } from 'viem'
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { challengesRepo } from './challenges.repo.ts'

export type ProofPurpose = (typeof wallet.PROOF_PURPOSES)[number]
export interface Proof {
  message: string
  signature: string
}

/** What the person is asked to sign for, per purpose (an EIP-4361 statement: one line). */
const STATEMENTS: Record<ProofPurpose, string> = {
  create: 'I hold the key of this address and add it to my Kinetic account as a new wallet.',
  import: 'I hold the key of this address and add it to my Kinetic account as an imported wallet.',
  prove: 'I hold the key of this address, a wallet of my Kinetic account.',
}

const TTL_MS = wallet.PROOF_TTL_SECONDS * 1000

/**
 * The origin a proof names (its domain and URI): `PUBLIC_ORIGIN` when configured, else this
 * request's own (protocol and Host: the CSRF guard already requires a same-host Origin).
 */
export function proofOrigin(configured: string | undefined, request: FastifyRequest): string {
  return configured ?? new URL(`${request.protocol}://${request.host}`).origin
}

const invalid = () => new AppError('WALLET_PROOF_INVALID', { field: 'proof' })

/**
 * Proof of control (docs/adr/2026-11-28-proof-of-control.md): a one-time EIP-4361 (Sign-In with
 * Ethereum) challenge for (account, address, purpose), signed on the device with the address's
 * key (personal_sign) and checked here with ecrecover only — a plain account's signature, no node
 * call, no contract signature. The challenge is consumed in the caller's transaction that stores
 * or proves the wallet, so a proof is good once, for that account, address and purpose, within
 * five minutes.
 */
export function proofOfControl(deps: { db: Db; chainId: number }) {
  return {
    /** A new challenge: the message the device signs as it is (its nonce is stored server-side). */
    async challenge(userId: number, address: Address, purpose: ProofPurpose, origin: string) {
      const issuedAt = new Date()
      const expirationTime = new Date(issuedAt.getTime() + TTL_MS)
      const nonce = generateSiweNonce()
      const challenges = challengesRepo(deps.db)
      await challenges.dropExpiredChallenges(userId, issuedAt)
      await challenges.insertChallenge({
        nonce,
        userId,
        address: address.toLowerCase(),
        purpose,
        issuedAt,
        expiresAt: expirationTime,
      })
      const message = createSiweMessage({
        domain: new URL(origin).host,
        address,
        statement: STATEMENTS[purpose],
        uri: origin,
        version: '1',
        chainId: deps.chainId,
        nonce,
        issuedAt,
        expirationTime,
      })
      return { message, expires_at: expirationTime.toISOString() }
    },

    /**
     * Checks the signed message against this account, address, purpose, origin and chain and the
     * signature against the address; then, inside `tx`, consumes its challenge. Any failure:
     * WALLET_PROOF_INVALID.
     */
    async verify(
      tx: Db,
      q: { userId: number; address: Address; purpose: ProofPurpose; origin: string; proof: Proof },
    ): Promise<void> {
      const now = new Date()
      const nonce = await checkedMessage(q, deps.chainId, now)
      const signed = await verifyMessage({
        address: q.address,
        message: q.proof.message,
        signature: q.proof.signature as Hex,
      }).catch(() => false)
      if (!signed) throw invalid()
      const consumed = await challengesRepo(tx).consumeChallenge({
        nonce,
        userId: q.userId,
        address: q.address,
        purpose: q.purpose,
        now,
      })
      if (!consumed) throw invalid()
    },
  }
}
export type ProofOfControl = ReturnType<typeof proofOfControl>

/** The message's nonce when the message is the one a challenge for `q` answers at `now`. */
function checkedMessage(
  q: { address: Address; purpose: ProofPurpose; origin: string; proof: Proof },
  chainId: number,
  now: Date,
): string {
  let parsed: ReturnType<typeof parseSiweMessage>
  try {
    parsed = parseSiweMessage(q.proof.message)
  } catch {
    throw invalid()
  }
  const { nonce, issuedAt, expirationTime } = parsed
  const domain = new URL(q.origin).host
  const same =
    parsed.address !== undefined &&
    getAddress(parsed.address) === getAddress(q.address) &&
    parsed.uri === q.origin &&
    parsed.version === '1' &&
    parsed.chainId === chainId &&
    parsed.statement === STATEMENTS[q.purpose] &&
    nonce !== undefined &&
    issuedAt !== undefined &&
    expirationTime !== undefined &&
    expirationTime.getTime() - issuedAt.getTime() <= TTL_MS &&
    validateSiweMessage({ message: parsed, address: q.address, domain, nonce, time: now })
  if (!same || nonce === undefined) throw invalid()
  return nonce
}
