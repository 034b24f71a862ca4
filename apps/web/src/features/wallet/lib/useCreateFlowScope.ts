import { useEffect } from 'react'
import { leaveCreateFlow } from './createFlow'

/**
 * For the pages of the creation flow: when the page goes away and the app now shows a
 * route outside the flow (back to the wallet tab, a tab switch…), the words are dropped.
 */
export function useCreateFlowScope(): void {
  useEffect(() => () => leaveCreateFlow(), [])
}
