import { describe, expect, it } from 'vitest'
import { appRoute } from './push-messages'

describe('the route a tapped notification opens', () => {
  it('is the push’s app route', () => {
    expect(appRoute('/messageDetail?id=7')).toBe('/messageDetail?id=7')
    expect(appRoute('/serverChat')).toBe('/serverChat')
  })

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    [''],
    [42],
    [undefined],
  ])('is Home for %j, never another origin or a scheme', (url) => {
    expect(appRoute(url)).toBe('/')
  })
})
