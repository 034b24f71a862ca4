import { methodQuery } from '@/api'
import { content } from '@kinetic/protocol'
import { useQuery } from '@tanstack/react-query'

/** The server's app version; checked once per start, failures only logged (spec §8). */
export function useAppVersionQuery() {
  return useQuery({ ...methodQuery(content.appVersion), meta: { silent: true }, staleTime: Infinity })
}

/** Privacy policy, user protocol or introduction, in the request's language. */
export function useArticleQuery(type: content.ArticleType) {
  return useQuery({ ...methodQuery(content.article, { type }), meta: { silent: true } })
}
