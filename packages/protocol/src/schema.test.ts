import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { decimal, int, optional, pageParams, required, text } from './schema.ts'

const messages = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message) ?? []

describe('int', () => {
  it('accepts a number and a decimal string', () => {
    expect(int().parse(5)).toBe(5)
    expect(int().parse('5')).toBe(5)
    expect(int().parse('-12')).toBe(-12)
  })

  it.each(['5.5', 'abc', '', '1e3', 5.5])('refuses %j', (value) => {
    expect(int().safeParse(value).success).toBe(false)
  })
})

describe('pageParams', () => {
  const page = z.object({ ...pageParams })

  it('defaults to page 1 and limit 20', () => {
    expect(page.parse({})).toEqual({ page: 1, limit: 20 })
    expect(page.parse({ page: '', limit: '' })).toEqual({ page: 1, limit: 20 })
  })

  it('reads form-encoded values', () => {
    expect(page.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 })
  })

  it('refuses limit 101 and page 0', () => {
    expect(page.safeParse({ limit: '101' }).success).toBe(false)
    expect(page.safeParse({ limit: 101 }).success).toBe(false)
    expect(page.safeParse({ page: 0 }).success).toBe(false)
  })
})

describe('text and required', () => {
  it('accepts n characters and refuses n+1 with FIELD_TOO_LONG', () => {
    expect(text(5).parse('abcde')).toBe('abcde')
    const result = text(5).safeParse('abcdef')
    expect(result.success).toBe(false)
    expect(messages(result)).toEqual(['FIELD_TOO_LONG'])
  })

  it('trims before measuring', () => {
    expect(text(3).parse('  abc  ')).toBe('abc')
  })

  it('required refuses a blank string with FIELD_REQUIRED', () => {
    expect(messages(required(10).safeParse('   '))).toEqual(['FIELD_REQUIRED'])
  })
})

describe('optional', () => {
  it('reads missing, empty and null as undefined', () => {
    const schema = optional(text(5))
    expect(schema.parse(undefined)).toBeUndefined()
    expect(schema.parse('')).toBeUndefined()
    expect(schema.parse(null)).toBeUndefined()
    expect(schema.parse('x')).toBe('x')
  })
})

describe('decimal', () => {
  it('accepts decimal strings and refuses floats in exponent form or negatives', () => {
    expect(decimal().parse('12.5')).toBe('12.5')
    expect(messages(decimal().safeParse('1e5'))).toEqual(['FIELD_INVALID'])
    expect(decimal().safeParse('-1').success).toBe(false)
  })
})
