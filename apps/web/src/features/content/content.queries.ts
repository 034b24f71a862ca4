import { methodQuery } from '@/api'
import { content } from '@kinetic/protocol'
import { useQuery } from '@tanstack/react-query'

/**
 * The server's app version; checked at start and again when the app comes back to the
 * foreground, so a version raised in the console reaches open apps too. Failures are only
 * logged (spec §8).
 */
export function useAppVersionQuery() {
  return useQuery({
    ...methodQuery(content.appVersion),
    meta: { silent: true },
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}

/** Privacy policy, user protocol or introduction, in the request's language. */
export function useArticleQuery(type: content.ArticleType) {
  return useQuery({ ...methodQuery(content.article, { type }), meta: { silent: true } })
}
