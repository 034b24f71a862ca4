import { useSearchParams } from 'react-router'
import type { RewardKind } from '../discover.queries'

/** The stream a details or record page shows: `?kind=token`, else computing power. */
export function useRewardKind(): RewardKind {
  const [params] = useSearchParams()
  return params.get('kind') === 'token' ? 'token' : 'computing'
}
