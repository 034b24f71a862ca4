import { z } from 'zod'
import { method } from './method.ts'
import { decimal, optional, pageParams, pendingResult } from './schema.ts'

// Owned by issue 5 (earning and shop).
const pending = 'issue 5'
const earn = (name: string, summary: string, params: z.ZodRawShape = {}) =>
  method(name, { feature: 'earn', summary, auth: true, pending, params: z.object(params), result: pendingResult })

export const home = earn('/v1/gethome', 'Home: energy, tasks, metrics and activity records')
export const finalize = earn('/v1/finalize', 'Contribute energy into computing power', { amount: optional(decimal()) })
export const supply = earn('/v1/supply', 'Obtain energy (supply)', { amount: optional(decimal()) })
export const find = earn('/v1/find', 'Discover: node, stake, profits, stage, unclaimed, balance')
export const pledge = earn('/v1/pledge', 'Pledge KNT to activate a node', { amount: optional(decimal()) })
export const computing = earn('/v1/computing', 'Computing power details', { ...pageParams })
export const tokenData = earn('/v1/tokendata', 'Token data details', { ...pageParams })
export const computingReceive = earn('/v1/computing_receive', 'Receive computing-power rewards')
export const tokenDataReceive = earn('/v1/tokendata_receive', 'Receive token rewards')
export const computingToken = earn('/v1/computing_token', 'Computing-power receive records', { ...pageParams })
export const tokenDataToken = earn('/v1/tokendata_token', 'Token receive records', { ...pageParams })
