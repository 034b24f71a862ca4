/**
 * The wallet being created, between /createWallet and the end of /mnemonicWordsVerify.
 * Memory only: never localStorage, never sent. The words leave this module only encrypted
 * (the vault); the store is cleared once the wallet is stored or when the person leaves
 * the flow (`leaveCreateFlow`).
 */
export type CreateDraft = {
  name: string
  password: string
  hint: string
  mnemonic: string | null
  /** Set once `/v1/walletcreate` stored it, so a retry only repeats the verification call. */
  walletId: number | null
}

export const CREATE_FLOW_ROUTES = ['/createWallet', '/mnemonicWords', '/mnemonicWordsVerify'] as const

let draft: CreateDraft | null = null

export function startCreateFlow(form: Pick<CreateDraft, 'name' | 'password' | 'hint'>): void {
  draft = { ...form, mnemonic: null, walletId: null }
}

export function createDraft(): Readonly<CreateDraft> | null {
  return draft
}

export function updateCreateDraft(patch: Partial<CreateDraft>): void {
  if (draft) draft = { ...draft, ...patch }
}

export function clearCreateFlow(): void {
  draft = null
}

/** Clears the store when the route the app now shows is outside the creation flow. */
export function leaveCreateFlow(hash: string = window.location.hash): void {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  if (!(CREATE_FLOW_ROUTES as readonly string[]).includes(path)) clearCreateFlow()
}
