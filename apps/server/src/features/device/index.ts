import { feature, type AppContext } from '../../platform/app-context.ts'
import type { IngestService } from '../health/index.ts'
import { deviceBatches, type DeviceBatches } from './batches.ts'
import { registerDeviceMethods } from './device.methods.ts'
import { registerDeviceApi } from './device.routes.ts'
import { deviceService } from './device.service.ts'

/** The front door of devices (watches, their codes and tokens): what other features may use. */
export type { DeviceBatches }
export { boundWatchCount } from './device.repo.ts'
export { bindDemoWatch, markSeen } from './demo.ts'
/** The demo watch codes (README; development only, main.ts), loaded on demand. */
export const loadDemoDevices = () => import('./seed.ts')

export interface DeviceApi {
  /** How many watches a user has bound, and whether one is online. */
  presence: (userId: number) => Promise<{ bound: number; online: boolean }>
  /** The operator console's batches of watch codes. */
  batches: DeviceBatches
}

/** Binding watches (protocol methods) and the watches' own HTTP API, which stores health samples through health's ingest. */
export function deviceFeature(ctx: AppContext, deps: { ingest: IngestService }) {
  const devices = deviceService(ctx.db)
  const api: DeviceApi = { presence: devices.presence, batches: deviceBatches(ctx.db) }
  return feature('device', api, async (server) => {
    registerDeviceMethods(ctx.registry, devices)
    registerDeviceApi(server, devices, deps.ingest)
  })
}
