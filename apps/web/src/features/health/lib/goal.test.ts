import { describe, expect, it } from 'vitest'
import { checkGoal, goalDraft } from './goal'

describe('daily goal form', () => {
  it('sends whole steps and kcal and the distance in metres', () => {
    expect(checkGoal({ step: '10000', calorie: '450', distance: '6.5' })).toEqual({
      ok: true,
      goal: { step: 10000, calorie: 450, distance: 6500 },
    })
  })

  it('names the first field out of its range with the protocol error', () => {
    expect(checkGoal({ step: '999', calorie: '450', distance: '5' })).toEqual({
      ok: false,
      field: 'step',
      code: 'GOAL_STEP_RANGE',
    })
    expect(checkGoal({ step: '8000', calorie: '5001', distance: '5' })).toMatchObject({ code: 'GOAL_CALORIE_RANGE' })
    expect(checkGoal({ step: '8000', calorie: '300', distance: '0.4' })).toMatchObject({ code: 'GOAL_DISTANCE_RANGE' })
    expect(checkGoal({ step: '8,000', calorie: '300', distance: '5' })).toMatchObject({ field: 'step' })
    expect(checkGoal({ step: '8000', calorie: '300', distance: '5.25' })).toMatchObject({ field: 'distance' })
  })

  it('shows a stored goal as typed', () => {
    expect(goalDraft({ step: 8000, calorie: 300, distance: 5500 })).toEqual({
      step: '8000',
      calorie: '300',
      distance: '5.5',
    })
  })
})
