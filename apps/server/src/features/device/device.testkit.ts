/** Test builders for watches (used by *.test.ts and other features' testkits only). */
export { demoCodes, newCodeRow } from './codes.ts'
export { seedDemoDevices } from './seed.ts'
