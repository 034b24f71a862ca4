import type { WireLang } from '@kinetic/protocol'
import type { Db } from '../../platform/db/client.ts'
import { text } from '../../platform/i18n/index.ts'
import { AppError } from '../../platform/rpc/app-error.ts'
import { effortReads } from '../health/index.ts'
import { ledgerRepo } from './ledger.repo.ts'
import { reviewRepo } from './review.repo.ts'

/** Support's "Device and data" ticket category (support's seed ids are stable). */
export const REVIEW_TICKET_CATEGORY = 2

/** Opens a support ticket for the user (support's front door). */
export type OpenTicket = (
  userId: number,
  ticket: { cat_id: number; title: string; content: string; attachments: string[] },
) => Promise<{ id: number }>

/**
 * Reviews of energy verdicts: the user points at one of their energy credits or workouts; a
 * support ticket carrying the day's data (health's evidence) is opened once per user and day, and
 * asking again (from either) answers the same ticket. Another user's entry or workout answers
 * like a missing one.
 */
export function reviewService(deps: { db: Db; openTicket: OpenTicket }) {
  const { db, openTicket } = deps

  /** The day's ticket: opened once per user and day, asked again it answers the same ticket. */
  function reviewDay(userId: number, day: string, lang: WireLang) {
    return db.transaction(async (tx) => {
      const repo = reviewRepo(tx)
      await repo.lock(userId)
      const existing = await repo.ticketOf(userId, day)
      if (existing !== undefined) return { ticket_id: existing, day, created: false }
      const evidence = await effortReads(db).evidence(userId, day)
      const { id } = await openTicket(userId, {
        cat_id: REVIEW_TICKET_CATEGORY,
        title: text(lang, 'review', 'ticket.title', { day }),
        content: `${text(lang, 'review', 'ticket.intro')}\n\n${JSON.stringify(evidence)}`,
        attachments: [],
      })
      await repo.insert(userId, day, id)
      return { ticket_id: id, day, created: true }
    })
  }

  return {
    /** From an energy credit (the energy record). */
    async review(userId: number, entryId: number, lang: WireLang) {
      const memo = await ledgerRepo(db).energyCreditMemo(userId, entryId)
      const day = memo?.day
      if (typeof day !== 'string') throw new AppError('ENERGY_CREDIT_NOT_FOUND', { field: 'id' })
      return reviewDay(userId, day, lang)
    },

    /** From a workout (the sports record), also when its day earned nothing: its local day's ticket. */
    async reviewWorkout(userId: number, workoutId: number, lang: WireLang) {
      const workout = await effortReads(db).workout(userId, workoutId)
      if (!workout) throw new AppError('WORKOUT_NOT_FOUND', { field: 'id' })
      return reviewDay(userId, workout.day, lang)
    },
  }
}
export type ReviewService = ReturnType<typeof reviewService>
