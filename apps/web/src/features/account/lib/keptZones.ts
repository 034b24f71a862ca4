/**
 * Device zones an account chose to keep its own zone for, on this device (localStorage
 * `zoneKept`: account id → zones). The switch prompt asks once per distinct device zone.
 */
const KEY = 'zoneKept'

function read(): Record<string, string[]> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}')
    return typeof value === 'object' && value !== null ? (value as Record<string, string[]>) : {}
  } catch {
    return {}
  }
}

export function isZoneKept(accountId: number, deviceZone: string): boolean {
  return (read()[accountId] ?? []).includes(deviceZone)
}

export function keepZone(accountId: number, deviceZone: string): void {
  const all = read()
  const zones = all[accountId] ?? []
  if (!zones.includes(deviceZone)) all[accountId] = [...zones, deviceZone]
  localStorage.setItem(KEY, JSON.stringify(all))
}
