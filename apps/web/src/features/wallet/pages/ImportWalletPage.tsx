import { Segmented } from '@/shared/ui/Segmented'
import { Page } from '@/shared/ui/Page'
import { showSuccess } from '@/shared/ui/toast'
import { wallet } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import formStyles from '@/shared/ui/Form.module.css'
import { NewPasswordFields } from '../components/NewPasswordFields'
import { SecretInput } from '../components/SecretInput'
import { FieldProblem, TextField } from '../components/TextField'
import { useImportMutation } from '../keys.mutations'
import type { Problem } from '../lib/problems'
import { readMnemonic, readPrivateKey } from '../lib/secretInput'
import { useProblemText } from '../lib/useProblemText'
import { checkNewWallet, freeName, type NewWalletForm } from '../lib/walletForm'
import { useWalletsQuery } from '../wallet.queries'

export type SecretKind = 'mnemonic' | 'private_key'

/** Import a wallet with its 12 words or its private key; encrypted here, then stored. */
export function ImportWalletPage() {
  const { t } = useTranslation()
  const problemText = useProblemText()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const [kind, setKind] = useState<SecretKind>(search.get('tab') === 'key' ? 'private_key' : 'mnemonic')
  const [secret, setSecret] = useState('')
  const [form, setForm] = useState<NewWalletForm>({
    name: t('wallet.import.defaultName'),
    password: '',
    repassword: '',
    hint: '',
  })
  // a problem found on submit stays beside its field and follows each edit until it is gone
  const [secretProblem, setSecretProblem] = useState<Problem | null>(null)
  const [formProblem, setFormProblem] = useState<Problem | null>(null)
  const importing = useImportMutation()
  const [named, setNamed] = useState(false)
  // until the person types a name, the default is one none of their wallets has
  const wallets = useWalletsQuery()
  const base = t('wallet.import.defaultName')
  const name = named
    ? form.name
    : freeName(
        base,
        (wallets.data?.list ?? []).map((w) => w.name),
        (number) => t('wallet.form.numberedName', { name: base, number }),
      )
  const readSecret = (tab: SecretKind, value: string) =>
    tab === 'mnemonic' ? readMnemonic(value) : readPrivateKey(value)
  const update = (patch: Partial<NewWalletForm>) => {
    const next = { ...form, ...patch }
    setForm(next)
    if (formProblem) setFormProblem(checkNewWallet({ ...next, name: patch.name ?? name }))
  }
  const changeSecret = (value: string) => {
    setSecret(value)
    if (!secretProblem) return
    const read = readSecret(kind, value)
    setSecretProblem(read.ok ? null : read.problem)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = readSecret(kind, secret)
    const problem = checkNewWallet({ ...form, name })
    setSecretProblem(read.ok ? null : read.problem)
    setFormProblem(problem)
    if (!read.ok || problem) return
    importing.mutate(
      { secret: read.value, name: name.trim(), password: form.password, hint: form.hint.trim() },
      {
        onSuccess: () => {
          setSecret('')
          showSuccess(t('wallet.import.done'))
          void navigate('/spot', { replace: true })
        },
      },
    )
  }

  return (
    <Page title={t('wallet.import.title')}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <Segmented
          options={(['mnemonic', 'private_key'] as const).map((tab) => ({
            value: tab,
            label: t(tab === 'mnemonic' ? 'wallet.import.tabWords' : 'wallet.import.tabKey'),
          }))}
          value={kind}
          onChange={(tab) => {
            setKind(tab)
            setSecret('')
            setSecretProblem(null)
          }}
        />
        <SecretInput
          kind={kind}
          value={secret}
          onChange={changeSecret}
          problem={secretProblem && problemText(secretProblem)}
        />
        <TextField
          label={t('wallet.form.name')}
          value={name}
          onChange={(typed) => {
            setNamed(true)
            update({ name: typed })
          }}
          maxLength={wallet.WALLET_NAME_MAX}
        />
        <NewPasswordFields value={form} onChange={update} />
        <FieldProblem problem={formProblem && problemText(formProblem)} />
        <p className={formStyles.note}>{t('wallet.form.passwordNote')}</p>
        <Button
          type="submit"
          block
          color="primary"
          className={formStyles.submit}
          loading={importing.isPending}
          loadingText={t('wallet.common.encrypting')}
        >
          {t('wallet.import.submit')}
        </Button>
      </form>
    </Page>
  )
}
