import type { ComponentType } from 'react'
import { useMatches, type NonIndexRouteObject } from 'react-router'

/**
 * Route meta (spec §2). `isNeedLogin` is carried for every route, but the navigation guard
 * lets every navigation through: a page whose calls need a session gets `code: 401` and
 * the request pipeline sends the user to /login.
 */
export type RouteMeta = { isNeedLogin: boolean; tabBar?: boolean }

export type AppRoute = NonIndexRouteObject & { path: string; handle: RouteMeta }

export const signedIn: RouteMeta = { isNeedLogin: true }
export const publicRoute: RouteMeta = { isNeedLogin: false }
export const tabRoute: RouteMeta = { isNeedLogin: true, tabBar: true }

/** A route whose page is loaded on demand (every page is lazy). */
export function lazyPage(path: string, load: () => Promise<ComponentType>, meta: RouteMeta): AppRoute {
  return { path, handle: meta, lazy: async () => ({ Component: await load() }) }
}

/** The meta of the deepest matched route. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches()
  return matches.at(-1)?.handle as RouteMeta | undefined
}
