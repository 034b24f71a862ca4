import { feeds } from '../../platform/db/read-models.ts'

/** What device's writes move: Home counts the user's bound watches (a setup task). */
export const DEVICE_FEEDS = feeds('device', {
  device_bindings: { moves: ['home'] },
})
