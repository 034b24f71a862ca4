import { health, type ErrorCode } from '@kinetic/protocol'

/** The daily goal as typed: steps and kcal whole numbers, distance in km (one decimal). */
export type GoalDraft = { step: string; calorie: string; distance: string }

const LIMITS = health.GOAL_LIMITS
const CODES = {
  step: 'GOAL_STEP_RANGE',
  calorie: 'GOAL_CALORIE_RANGE',
  distance: 'GOAL_DISTANCE_RANGE',
} as const satisfies Record<keyof GoalDraft, ErrorCode>

export function goalDraft(goal: { step: number; calorie: number; distance: number }): GoalDraft {
  return { step: String(goal.step), calorie: String(goal.calorie), distance: String(goal.distance / 1000) }
}

/**
 * The goal to send (distance in metres), or the first field out of its range with the
 * protocol's error for it: the same words the server would answer.
 */
export function checkGoal(
  draft: GoalDraft,
):
  | { ok: true; goal: { step: number; calorie: number; distance: number } }
  | { ok: false; field: keyof GoalDraft; code: ErrorCode } {
  const values = {
    step: /^\d{1,6}$/.test(draft.step.trim()) ? Number(draft.step) : NaN,
    calorie: /^\d{1,5}$/.test(draft.calorie.trim()) ? Number(draft.calorie) : NaN,
    distance: /^\d{1,3}(\.\d)?$/.test(draft.distance.trim()) ? Math.round(Number(draft.distance) * 1000) : NaN,
  }
  for (const field of ['step', 'calorie', 'distance'] as const) {
    const value = values[field]
    if (!(value >= LIMITS[field].min && value <= LIMITS[field].max)) return { ok: false, field, code: CODES[field] }
  }
  return { ok: true, goal: values }
}
