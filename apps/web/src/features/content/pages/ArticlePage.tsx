import type { content } from '@kinetic/protocol'
import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { useTranslation } from 'react-i18next'
import { useArticleQuery } from '../content.queries'
import { paragraphs } from '../paragraphs'
import styles from './ArticlePage.module.css'

const TITLES = {
  privacy: 'content.article.privacy',
  protocol: 'content.article.protocol',
  introduce: 'content.article.introduce',
} as const

function formatDate(iso: string, locale: string): string | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date)
}

function ArticlePage({ type }: { type: content.ArticleType }) {
  const { t, i18n } = useTranslation()
  const { data, error, refetch } = useArticleQuery(type)
  const updated = data && formatDate(data.updated_at, i18n.language)
  return (
    <Page title={t(TITLES[type])}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <article className={styles.article}>
          <h1 className={styles.title}>{data.title}</h1>
          {updated && <p className={styles.updated}>{t('content.article.updated', { date: updated })}</p>}
          {paragraphs(data.content).map((paragraph, index) => (
            <p key={index} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </article>
      )}
    </Page>
  )
}

export const PrivacyPage = () => <ArticlePage type="privacy" />
export const ProtocolPage = () => <ArticlePage type="protocol" />
export const IntroducePage = () => <ArticlePage type="introduce" />
