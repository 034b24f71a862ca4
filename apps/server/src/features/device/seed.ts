import type { Db } from '../../platform/db/client.ts'
import { DEMO_BATCH, DEMO_MODEL, demoCodes, newCodeRow } from './codes.ts'
import { deviceRepo } from './device.repo.ts'

/** The demo batch of device codes (development mode only: its codes are public). */
export async function seedDemoDevices(db: Db): Promise<void> {
  const repo = deviceRepo(db)
  if (await repo.code(demoCodes()[0]!.deviceCode)) return
  await repo.seedCodes(demoCodes().map((c) => newCodeRow(c.deviceCode, c.activeCode, DEMO_BATCH, DEMO_MODEL)))
}
