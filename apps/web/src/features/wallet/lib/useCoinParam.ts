import { useSearchParams } from 'react-router'

/** The `?coin=` id of pages about one coin (null when absent or not an id). */
export function useCoinParam(): number | null {
  const [search] = useSearchParams()
  const coin = Number(search.get('coin'))
  return Number.isSafeInteger(coin) && coin > 0 ? coin : null
}
