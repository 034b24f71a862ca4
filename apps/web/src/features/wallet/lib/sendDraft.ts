import type { TierName } from './types'
import type { TransferData } from './transferChecks'

/**
 * What the send form holds while the person picks a recipient in the address book and
 * comes back. Nothing secret: coin, recipient, amount, fee tier and data. Memory only.
 */
export type SendDraft = {
  coinId: number | null
  to: string
  amount: string
  tier: TierName
  data: TransferData
}

export const EMPTY_SEND: SendDraft = {
  coinId: null,
  to: '',
  amount: '',
  tier: 'recommend',
  data: { mode: 'text', value: '' },
}

/** Routes the send form may visit and come back from with its draft kept. */
const SEND_ROUTES = ['/walletTransfer', '/walletAddressList', '/walletAddressAdd']

let draft: SendDraft = EMPTY_SEND

export function sendDraft(): SendDraft {
  return draft
}

export function saveSendDraft(patch: Partial<SendDraft>): void {
  draft = { ...draft, ...patch }
}

export function clearSendDraft(): void {
  draft = EMPTY_SEND
}

/** Drops the draft when the app now shows a route outside the send flow. */
export function leaveSendFlow(hash: string = window.location.hash): void {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  if (!SEND_ROUTES.includes(path)) clearSendDraft()
}
