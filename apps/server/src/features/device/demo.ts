import type { Db } from '../../platform/db/client.ts'
import { demoCodes, normalizeCode } from './codes.ts'
import { deviceRepo } from './device.repo.ts'
import { seedDemoDevices } from './seed.ts'

/** Binds the last demo code to the demo user (if nobody holds it) and returns it. */
export async function bindDemoWatch(db: Db, userId: number) {
  await seedDemoDevices(db)
  const code = demoCodes().at(-1)!
  const repo = deviceRepo(db)
  const row = (await repo.code(normalizeCode(code.deviceCode)))!
  const bound = await repo.liveBindingOfCode(row.id)
  const bindingId = bound?.id ?? (await repo.bind(row.id, userId))
  return { ...code, bindingId, boundToDemo: !bound || bound.userId === userId }
}

export const markSeen = (db: Db, bindingId: number) => deviceRepo(db).touch(bindingId)
