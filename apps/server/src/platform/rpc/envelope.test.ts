import { describe, expect, it } from 'vitest'
import { keep, keptOk, ok } from './envelope.ts'

describe('kept answers', () => {
  it('answer the envelope ok() gives, in each language, with the JSON of the answer made once', () => {
    const answer = keep({ points: 40, records: [{ asset: 'points', amount: '40' }], wallet: null })
    for (const lang of ['zh-cn', 'us-en', 'zh-hk'] as const)
      expect(JSON.parse(keptOk(answer, lang) ?? '')).toEqual(ok(answer, lang))
    // written once: a kept answer must not change (a changed answer is a new object, kept anew)
    answer.points = 41
    expect(JSON.parse(keptOk(answer, 'us-en') ?? '').data.points).toBe(40)
  })

  it('leave every other answer to the usual serialization', () => {
    expect(keptOk({ points: 40 }, 'us-en')).toBeUndefined()
    expect(keptOk(undefined, 'us-en')).toBeUndefined()
  })
})
