/** How long copied secrets (words, keys) may stay on the clipboard (DESIGN §6). */
export const SECRET_CLIPBOARD_MS = 60_000

let pendingClear: ReturnType<typeof setTimeout> | undefined

/**
 * Copies text. With `clearAfterMs`, the clipboard is emptied that much later if it still
 * holds this text; when the browser does not let the page read the clipboard, it is
 * emptied anyway (a secret left behind is worse than a lost copy). A newer copy replaces
 * a pending clear.
 */
export async function copyText(text: string, options: { clearAfterMs?: number } = {}): Promise<void> {
  await writeClipboard(text)
  clearTimeout(pendingClear)
  pendingClear = undefined
  if (options.clearAfterMs === undefined) return
  pendingClear = setTimeout(() => {
    pendingClear = undefined
    void clearIfStill(text)
  }, options.clearAfterMs)
}

async function clearIfStill(text: string): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined
  if (!clipboard) return
  let current: string | null = null
  try {
    current = await clipboard.readText()
  } catch {
    current = null // not allowed to read: clear without looking
  }
  if (current === null || current === text) await clipboard.writeText('').catch(() => undefined)
}

async function writeClipboard(text: string): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined
  if (clipboard) return clipboard.writeText(text)
  // Plain-HTTP pages (not a secure context) have no Clipboard API.
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const done = document.execCommand('copy')
  area.remove()
  if (!done) throw new Error('copy refused')
}
