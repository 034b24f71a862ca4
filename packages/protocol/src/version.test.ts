import { describe, expect, it } from 'vitest'
import { compareVersions, needsUpdate } from './version.ts'

describe('compareVersions', () => {
  it('finds equal versions equal', () => {
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0)
  })

  it('counts a missing segment as 0', () => {
    expect(compareVersions('1.0', '1.0.0')).toBe(0)
    expect(compareVersions('1.0.0', '1')).toBe(0)
  })

  it('compares segments as numbers, not text', () => {
    expect(compareVersions('1.2', '1.10')).toBe(-1)
    expect(compareVersions('1.10', '1.2')).toBe(1)
  })

  it('lets the first difference decide', () => {
    expect(compareVersions('2.0.0', '1.9.9')).toBe(1)
    expect(compareVersions('1.9.9', '2.0.0')).toBe(-1)
  })

  it('ranks a longer version with a non-zero extra segment higher', () => {
    expect(compareVersions('1.0.1', '1.0')).toBe(1)
    expect(compareVersions('1.0', '1.0.1')).toBe(-1)
  })
})

describe('needsUpdate', () => {
  it('asks for an update only when the installed version is lower', () => {
    expect(needsUpdate('1.0.0', '1.0.1')).toBe(true)
    expect(needsUpdate('1.2', '1.10')).toBe(true)
  })

  it('does not ask when installed is equal or higher', () => {
    expect(needsUpdate('1.0', '1.0.0')).toBe(false)
    expect(needsUpdate('2.0.0', '1.9.9')).toBe(false)
    expect(needsUpdate('1.0.1', '1.0')).toBe(false)
  })

  it('skips the check when the server gave no version', () => {
    expect(needsUpdate('1.0.0', undefined)).toBe(false)
    expect(needsUpdate('1.0.0', null)).toBe(false)
    expect(needsUpdate('1.0.0', '')).toBe(false)
    expect(needsUpdate('1.0.0', '  ')).toBe(false)
  })

  it('skips the check when the installed version is unknown, empty or not a string', () => {
    expect(needsUpdate(undefined, '9.0.0')).toBe(false)
    expect(needsUpdate(null, '9.0.0')).toBe(false)
    expect(needsUpdate('', '9.0.0')).toBe(false)
    expect(needsUpdate(' ', '9.0.0')).toBe(false)
    expect(needsUpdate(1, '9.0.0')).toBe(false)
    expect(needsUpdate({}, '9.0.0')).toBe(false)
  })
})
