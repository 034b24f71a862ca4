import { useErrorText } from '@/i18n'
import { Page } from '@/shared/ui/Page'
import { Loading } from '@/shared/ui/Status'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { useBack } from '@/shared/ui/useBack'
import { wallet } from '@kinetic/protocol'
import { addressProblem } from '@kinetic/wallet-core'
import { Button, Dialog } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useAddressBookQuery, useDeleteAddressMutation, useSaveAddressMutation } from '../addressBook.queries'
import formStyles from '@/shared/ui/Form.module.css'
import { TextAreaField, TextField } from '../components/TextField'
import styles from '../components/Wallet.module.css'
import type { AddressEntry } from '../lib/types'

const NOTES_MAX = 200

/** Add an address-book entry, or edit one (`?id=`) and delete it. */
export function AddressEditPage() {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const id = Number(search.get('id'))
  const editing = Number.isSafeInteger(id) && id > 0
  const { data } = useAddressBookQuery()
  const entry = editing ? data?.list.find((item) => item.id === id) : undefined
  return (
    <Page title={t(editing ? 'wallet.addressEdit.editTitle' : 'wallet.addressEdit.addTitle')}>
      {editing && !data ? <Loading /> : <AddressForm key={entry?.id ?? 'new'} entry={entry} />}
    </Page>
  )
}

function AddressForm({ entry }: { entry: AddressEntry | undefined }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const back = useBack('/walletAddressList')
  const [form, setForm] = useState({
    name: entry?.name ?? '',
    address: entry?.address ?? '',
    notes: entry?.notes ?? '',
  })
  const save = useSaveAddressMutation()
  const remove = useDeleteAddressMutation()
  const update = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.name.trim() === '') return showToast(errorText('FIELD_REQUIRED', { field: 'name' }))
    const problem = addressProblem(form.address.trim())
    if (problem) return showToast(errorText(problem))
    save.mutate(
      {
        ...(entry && { id: entry.id }),
        name: form.name.trim(),
        address: form.address.trim(),
        notes: form.notes.trim(),
      },
      {
        onSuccess: () => {
          showSuccess(t(entry ? 'wallet.toast.modified' : 'wallet.toast.submitted'))
          back()
        },
      },
    )
  }

  const confirmDelete = async () => {
    if (!entry) return
    const sure = await Dialog.confirm({
      content: t('wallet.addressEdit.deleteConfirm', { name: entry.name }),
      confirmText: t('wallet.common.delete'),
      cancelText: t('common.cancel'),
    })
    if (!sure) return
    remove.mutate(entry.id, {
      onSuccess: () => {
        showSuccess(t('wallet.toast.deleted'))
        back()
      },
    })
  }

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <TextField
        label={t('wallet.addressEdit.name')}
        value={form.name}
        onChange={(name) => update({ name })}
        maxLength={wallet.WALLET_NAME_MAX}
      />
      <TextField
        label={t('wallet.addressEdit.address')}
        value={form.address}
        onChange={(address) => update({ address: address.trim() })}
        maxLength={42}
        mono
      />
      <TextAreaField
        label={t('wallet.addressEdit.notes')}
        value={form.notes}
        onChange={(notes) => update({ notes })}
        rows={2}
        maxLength={NOTES_MAX}
      />
      <Button type="submit" block color="primary" className={formStyles.submit} loading={save.isPending}>
        {t('wallet.common.save')}
      </Button>
      {entry && (
        <Button
          block
          className={`${formStyles.secondary} ${styles.danger}`}
          loading={remove.isPending}
          onClick={() => void confirmDelete()}
        >
          {t('wallet.common.delete')}
        </Button>
      )}
    </form>
  )
}
