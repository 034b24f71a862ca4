/**
 * The services a vitest run's global setups start (global-setup.ts: Postgres; devchain-setup.ts:
 * the dev chain), started once and shared by every project of the run — the server files and the
 * clock sweep's projects (vitest.config.ts) — except a project whose environment sets
 * `TEST_OWN_SERVICES` (its files read what others would disturb), which gets its own. Each
 * project's teardown releases its share; the last one stops the service.
 */
import type { TestProject } from 'vitest/node'

interface Started<T> {
  value: T
  stop(): Promise<void>
}

interface Entry {
  started: Promise<Started<unknown>>
  users: number
}

// on globalThis: each project loads the global setup files as modules of its own
const registry: Map<string, Entry> = ((
  globalThis as { __kineticRunServices?: Map<string, Entry> }
).__kineticRunServices ??= new Map())

/** `start()`'s service for `project`: the run's shared one, or (TEST_OWN_SERVICES) one of its own. */
export async function runService<T>(
  project: TestProject,
  service: string,
  start: () => Promise<Started<T>>,
): Promise<{ value: T; release: () => Promise<void> }> {
  const key = project.config.env?.TEST_OWN_SERVICES ? `${service}:${project.name}` : service
  let entry = registry.get(key)
  if (!entry) {
    entry = { started: start(), users: 0 }
    registry.set(key, entry)
  }
  entry.users += 1
  const { value } = (await entry.started) as Started<T>
  const mine = entry
  return {
    value,
    async release() {
      mine.users -= 1
      if (mine.users > 0) return
      registry.delete(key)
      await (await mine.started).stop()
    },
  }
}
