import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'

/**
 * Stands in for `rc-util/lib/React/render` (an alias in vite.config.ts): antd-mobile renders
 * Toast, Dialog and the other imperative layers through it, and rc-util's own needs
 * `ReactDOM.render`, which React 19 no longer has (and brings a regenerator runtime). The same
 * two functions on React 19's `createRoot`, one root per container.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>()

export function render(node: ReactNode, container: Element | DocumentFragment): void {
  const root = roots.get(container) ?? createRoot(container)
  roots.set(container, root)
  root.render(node)
}

export async function unmount(container: Element | DocumentFragment): Promise<void> {
  // after the current task, as rc-util does, so a layer closing while React renders is no warning
  await Promise.resolve()
  roots.get(container)?.unmount()
  roots.delete(container)
}
