import { currentLocale, useErrorText } from '@/i18n'
import { useTranslation } from 'react-i18next'
import { formatList } from './format'
import type { Problem } from './problems'

/** The message of a failed check in the interface language. */
export function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (problem) => {
    if ('code' in problem) return errorText(problem.code, problem.args)
    if ('text' in problem) return t(`wallet.problems.${problem.text}`)
    const words = problem.unknownWords.map(({ position, word }) => t('wallet.problems.wordAt', { position, word }))
    return errorText('MNEMONIC_WORD_UNKNOWN', { words: formatList(words, currentLocale()) })
  }
}
