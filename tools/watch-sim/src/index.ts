export { generate, prng, type GenerateOptions, type Samples } from './generator.ts'
export { batches, BATCH_SAMPLES, DeviceApiError, deviceToken, live, simulateDays, upload } from './client.ts'
export type { SimulateOptions } from './client.ts'
export { addDays, localDay, localToUnix, zoneOffsetS } from './zone.ts'
