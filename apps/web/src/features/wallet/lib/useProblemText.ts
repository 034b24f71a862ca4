import { useErrorText } from '@/i18n'
import { useTranslation } from 'react-i18next'
import type { Problem } from './problems'

/** The message of a failed check in the interface language. */
export function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (problem) => ('code' in problem ? errorText(problem.code, problem.args) : t(`wallet.problems.${problem.text}`))
}
