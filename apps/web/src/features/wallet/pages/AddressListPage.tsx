import { Page } from '@/shared/ui/Page'
import { EmptyState, LoadFailed, Loading } from '@/shared/ui/Status'
import { useBack } from '@/shared/ui/useBack'
import { shortenMiddle } from '@kinetic/protocol'
import { SearchBar } from 'antd-mobile'
import { AddOutline, RightOutline } from 'antd-mobile-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { useAddressBookQuery } from '../addressBook.queries'
import { WalletAvatar } from '../components/WalletAvatar'
import manage from '../components/Manage.module.css'
import styles from '../components/Wallet.module.css'
import { saveSendDraft } from '../lib/sendDraft'
import { matchesEntry } from '../lib/search'
import type { AddressEntry } from '../lib/types'

/**
 * The address book. Opened from the send form (`?pick=1`), tapping an entry fills in
 * the recipient and goes back; otherwise it opens the entry for editing.
 */
export function AddressListPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const back = useBack('/walletTransfer')
  const [search] = useSearchParams()
  const picking = search.get('pick') === '1'
  const [keyword, setKeyword] = useState('')
  const { data, error, refetch } = useAddressBookQuery()
  const entries = (data?.list ?? []).filter((entry) => matchesEntry(entry, keyword))

  const choose = (entry: AddressEntry) => {
    if (!picking) return void navigate(`/walletAddressAdd?id=${entry.id}`)
    saveSendDraft({ to: entry.address })
    back()
  }

  const add = (
    <button
      type="button"
      className={styles.navIcon}
      aria-label={t('wallet.addressBook.add')}
      onClick={() => void navigate('/walletAddressAdd')}
    >
      <AddOutline />
    </button>
  )

  return (
    <Page title={t(picking ? 'wallet.addressBook.pickTitle' : 'wallet.addressBook.title')} right={add}>
      <SearchBar
        className={styles.search}
        placeholder={t('wallet.addressBook.search')}
        value={keyword}
        onChange={setKeyword}
      />
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : entries.length === 0 ? (
        <EmptyState text={t('wallet.common.empty')} />
      ) : (
        <ul className={manage.entries}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <button type="button" className={manage.entry} onClick={() => choose(entry)}>
                <WalletAvatar name={entry.name} size={40} />
                <span className={manage.walletText}>
                  <span className={manage.walletName}>{entry.name}</span>
                  <span className={styles.mono}>{shortenMiddle(entry.address, 10, 8)}</span>
                  {entry.notes && <span className={manage.walletKind}>{entry.notes}</span>}
                </span>
                <RightOutline aria-hidden="true" className={manage.choiceArrow} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  )
}
