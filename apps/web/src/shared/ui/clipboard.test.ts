import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { copyText, SECRET_CLIPBOARD_MS } from './clipboard'

let held = ''
const clipboard = {
  writeText: vi.fn(async (text: string) => {
    held = text
  }),
  readText: vi.fn(async () => held),
}

beforeEach(() => {
  held = ''
  clipboard.writeText.mockClear()
  clipboard.readText.mockReset().mockImplementation(async () => held)
  vi.useFakeTimers()
  vi.stubGlobal('navigator', { clipboard })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('copyText', () => {
  it('copies without clearing when nothing is secret', async () => {
    await copyText('0xabc')
    await vi.advanceTimersByTimeAsync(10 * SECRET_CLIPBOARD_MS)
    expect(held).toBe('0xabc')
  })

  it('empties the clipboard 60 s after copying a secret, not before', async () => {
    await copyText('alpha beta gamma', { clearAfterMs: SECRET_CLIPBOARD_MS })
    await vi.advanceTimersByTimeAsync(SECRET_CLIPBOARD_MS - 1)
    expect(held).toBe('alpha beta gamma')
    await vi.advanceTimersByTimeAsync(1)
    expect(held).toBe('')
  })

  it('leaves something the person copied since then alone', async () => {
    await copyText('alpha beta gamma', { clearAfterMs: SECRET_CLIPBOARD_MS })
    held = 'a shopping list'
    await vi.advanceTimersByTimeAsync(SECRET_CLIPBOARD_MS)
    expect(held).toBe('a shopping list')
  })

  it('clears anyway when the page may not read the clipboard', async () => {
    clipboard.readText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    await copyText('0x' + 'ab'.repeat(32), { clearAfterMs: SECRET_CLIPBOARD_MS })
    await vi.advanceTimersByTimeAsync(SECRET_CLIPBOARD_MS)
    expect(held).toBe('')
  })

  it('lets a newer copy replace the pending clear', async () => {
    await copyText('first secret', { clearAfterMs: SECRET_CLIPBOARD_MS })
    await vi.advanceTimersByTimeAsync(SECRET_CLIPBOARD_MS / 2)
    await copyText('0xaddress')
    await vi.advanceTimersByTimeAsync(SECRET_CLIPBOARD_MS)
    expect(held).toBe('0xaddress')
    expect(clipboard.readText).not.toHaveBeenCalled()
  })
})
