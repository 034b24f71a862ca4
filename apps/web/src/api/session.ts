/** Which signed-in account the app acts as: a user id kept in localStorage `currentAccount`. */
export const CURRENT_ACCOUNT_KEY = 'currentAccount'

export function currentAccountId(): number | null {
  const value = localStorage.getItem(CURRENT_ACCOUNT_KEY)
  if (value === null || !/^\d+$/.test(value)) return null
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export function setCurrentAccountId(id: number): void {
  localStorage.setItem(CURRENT_ACCOUNT_KEY, String(id))
}

export function clearCurrentAccountId(): void {
  localStorage.removeItem(CURRENT_ACCOUNT_KEY)
}
