import { formatInstant, useAccountTimeZone } from '@/shared/clock'
import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { health } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../components/Card'
import styles from '../components/Health.module.css'
import { QueryView } from '../components/QueryView'
import { useAnswerQuestionnaireMutation, useQuestionnaireQuery } from '../health.queries'
import page from './Questionnaire.module.css'

type Answer = (typeof health.QUESTIONNAIRE_ANSWERS)[number]

/** The health assessment (PAR-Q+): every question answered yes or no, then the advice. */
export function QuestionnairePage() {
  const { t, i18n } = useTranslation()
  const zone = useAccountTimeZone()
  const errorText = useErrorText()
  const query = useQuestionnaireQuery()
  const submit = useAnswerQuestionnaireMutation()
  const [answers, setAnswers] = useState<Record<number, Answer>>({})

  const send = (count: number) => {
    const list = Array.from({ length: count }, (_, i) => answers[i])
    if (list.some((a) => a === undefined)) return showToast(errorText('QUESTIONNAIRE_INCOMPLETE'))
    submit.mutate(list as Answer[], {
      onSuccess: () => {
        setAnswers({})
        showSuccess(t('health.questionnaire.submitted'))
      },
    })
  }

  return (
    <Page title={t('health.questionnaire.title')}>
      <QueryView query={query}>
        {(q) => (
          <>
            {q.latest && (
              <Card
                title={t('health.questionnaire.result')}
                note={formatInstant(q.latest.at, i18n.language, zone, { dateStyle: 'medium' })}
              >
                <p className={q.latest.result === 'clear' ? page.clear : page.consult}>
                  {t(`health.questionnaire.results.${q.latest.result}`)}
                </p>
                <p className={styles.note}>{q.latest.advice}</p>
              </Card>
            )}
            <Card title={q.title}>
              <ol className={page.questions}>
                {q.questions.map((question, index) => (
                  <li key={question.id} className={page.question}>
                    <p id={`q-${question.id}`} className={page.text}>
                      {question.text}
                    </p>
                    <div role="radiogroup" aria-labelledby={`q-${question.id}`} className={page.choices}>
                      {health.QUESTIONNAIRE_ANSWERS.map((value) => (
                        <button
                          key={value}
                          type="button"
                          role="radio"
                          aria-checked={answers[index] === value}
                          className={page.choice}
                          onClick={() => setAnswers((a) => ({ ...a, [index]: value }))}
                        >
                          {t(`health.questionnaire.${value}`)}
                        </button>
                      ))}
                    </div>
                  </li>
                ))}
              </ol>
              <Button
                block
                color="primary"
                shape="rounded"
                loading={submit.isPending}
                onClick={() => send(q.questions.length)}
              >
                {t('health.questionnaire.submit')}
              </Button>
            </Card>
          </>
        )}
      </QueryView>
    </Page>
  )
}
