import { feeds } from '../../platform/db/read-models.ts'

/** What health's writes move: Home shows the consent, the step goal and the day rollups with their effort. */
export const HEALTH_FEEDS = feeds('health', {
  health_consents: { moves: ['home'] },
  health_goals: { moves: ['home'] },
  health_days: { moves: ['home'] },
})
