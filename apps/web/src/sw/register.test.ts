import { afterEach, describe, expect, it, vi } from 'vitest'
import { SKIP_WAITING } from './messages'
import { activateWaitingVersion } from './register'

/** A service worker as the page sees it: a state, its changes, and the messages posted to it. */
class Worker extends EventTarget {
  readonly posted: unknown[] = []
  constructor(public state: ServiceWorkerState) {
    super()
  }
  postMessage(message: unknown) {
    this.posted.push(message)
  }
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

function withRegistration(registration: { waiting: Worker | null; installing: Worker | null } | undefined) {
  const update = vi.fn(() => Promise.resolve())
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { getRegistration: () => Promise.resolve(registration && { ...registration, update }) },
  })
  return update
}

afterEach(() => vi.unstubAllGlobals())

describe("the update dialog's hand-over", () => {
  it('asks for the new build and tells the one waiting to take over', async () => {
    const waiting = new Worker('installed')
    const update = withRegistration({ waiting, installing: null })
    await activateWaitingVersion()
    expect(update).toHaveBeenCalledOnce()
    expect(waiting.posted).toEqual([{ type: SKIP_WAITING }])
  })

  it('waits for a new build still installing, then tells it', async () => {
    const installing = new Worker('installing')
    withRegistration({ waiting: null, installing })
    const done = activateWaitingVersion()
    await Promise.resolve()
    expect(installing.posted).toEqual([])
    installing.become('installed')
    await done
    expect(installing.posted).toEqual([{ type: SKIP_WAITING }])
  })

  it('tells nothing to a build that failed to install, and does nothing without a service worker', async () => {
    const installing = new Worker('installing')
    withRegistration({ waiting: null, installing })
    const done = activateWaitingVersion()
    installing.become('redundant')
    await done
    expect(installing.posted).toEqual([])
    withRegistration(undefined)
    await expect(activateWaitingVersion()).resolves.toBeUndefined()
  })
})
