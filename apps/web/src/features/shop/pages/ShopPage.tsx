import { Page } from '@/shared/ui/Page'
import { Segmented } from '@/shared/ui/Segmented'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { formatNumber, type shop } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { BuySheet } from '../components/BuySheet'
import { useStoreQuery } from '../shop.queries'
import styles from './Shop.module.css'

type Kind = (typeof shop.GOOD_KINDS)[number]

/** The points shop: my points, virtual goods to exchange and physical goods to purchase. */
export function ShopPage({ kind: initial, tab = false }: { kind: Kind; tab?: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [kind, setKind] = useState<Kind>(initial)
  const [buying, setBuying] = useState<shop.Good>()
  const { data, error, refetch } = useStoreQuery(kind)

  return (
    <Page
      title={t(tab ? 'shop.product.title' : 'shop.title')}
      back={!tab}
      right={
        <Button size="mini" fill="none" onClick={() => void navigate('/orders')}>
          {t('shop.orders.title')}
        </Button>
      }
    >
      <section className={styles.points} aria-label={t('shop.myPoints')}>
        <span>{t('shop.myPoints')}</span>
        <strong data-testid="my-points">{data ? formatNumber(data.points) : '–'}</strong>
      </section>
      <Segmented
        options={[
          { value: 'virtual', label: t('shop.kind.virtual') },
          { value: 'physical', label: t('shop.kind.physical') },
        ]}
        value={kind}
        onChange={setKind}
      />
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : data.list.length === 0 ? (
        <EmptyState text={t('common.empty')} />
      ) : (
        <ul className={styles.goods}>
          {data.list.map((good) => (
            <li key={good.id} className={styles.good}>
              <div className={styles.goodText}>
                <h3>{good.name}</h3>
                <p>{good.description}</p>
                <div className={styles.meta}>
                  <span className={styles.price}>{t('shop.price', { points: formatNumber(good.price) })}</span>
                  {good.stock !== null && <span>{t('shop.stock', { left: formatNumber(good.stock) })}</span>}
                </div>
              </div>
              <Button
                color="primary"
                size="small"
                shape="rounded"
                disabled={good.stock === 0}
                onClick={() => setBuying(good)}
              >
                {good.stock === 0 ? t('shop.soldOut') : t(`shop.action.${good.kind}`)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {buying && data && <BuySheet good={buying} points={data.points} onClose={() => setBuying(undefined)} />}
    </Page>
  )
}

export const ProductPage = () => <ShopPage kind="physical" tab />
export const PointsShopPage = () => <ShopPage kind="virtual" />
