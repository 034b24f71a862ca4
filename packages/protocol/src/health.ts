import { z } from 'zod'
import { method } from './method.ts'
import { optional, pageParams, pendingResult, text } from './schema.ts'

// Owned by issue 4 (health and devices).
const pending = 'issue 4'
const day = optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'FIELD_INVALID'))
const health = (name: string, summary: string, params: z.ZodRawShape = {}) =>
  method(name, {
    feature: 'health',
    summary,
    auth: true,
    pending,
    params: z.object({ date: day, ...params }),
    result: pendingResult,
  })

export const well = health('/v1/well', 'Health overview: steps, mileage, calories, heart rate, sleep')
export const wellInfo = health('/v1/wellinfo', 'Health questionnaire and its answers')
export const wellInfoUp = health('/v1/wellinfoup', 'Submit the health questionnaire', {
  answers: optional(z.array(text(20)).max(100)),
})
export const exchangeFitness = health('/v1/exchange_fitness', 'Redeem the physical-fitness analysis with points')
export const heartRate = health('/v1/heartrate', 'Heart-rate records, zones and blood pressure')
export const weekly = health('/v1/weekly', 'Weekly reports', { ...pageParams })
export const weeklyInfo = health('/v1/weeklyinfo', 'One weekly report in detail')
export const motion = health('/v1/motion', 'Sports records', { ...pageParams })
export const target = health('/v1/target', 'The daily goal: steps, calories, distance')
export const targetPost = health('/v1/targetpost', 'Set the daily goal', {
  step: optional(text(10)),
  calorie: optional(text(10)),
  distance: optional(text(10)),
})
export const authorize = health('/v1/authorize', 'Data-use authorizations: exercise, sleep, heart rate', {
  exercise: optional(z.enum(['0', '1'])),
  sleep: optional(z.enum(['0', '1'])),
  heart_rate: optional(z.enum(['0', '1'])),
})
