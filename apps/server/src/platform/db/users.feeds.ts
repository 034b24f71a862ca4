import { feeds } from './read-models.ts'

/**
 * What writes of the users table move: Home shows the profile's Home fields and reads the day in
 * the user's time zone (docs/adr/2026-11-29-read-models-declare.md).
 */
export const USERS_FEEDS = feeds('account', {
  users: {
    moves: ['home'],
    events: ['update'],
    columns: ['birthday', 'gender', 'height', 'weight', 'stride', 'hr_zone', 'time_zone'],
    user: '{row}.id',
  },
})
