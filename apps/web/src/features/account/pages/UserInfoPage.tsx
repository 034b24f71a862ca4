import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { isApiError } from '@/api'
import { showSuccess, showToast } from '@/shared/ui/toast'
import { account as protocol, type account, type ErrorCode } from '@kinetic/protocol'
import { Button } from 'antd-mobile'
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useUserInfoQuery } from '../account.queries'
import { AccountAvatar } from '../components/AccountAvatar'
import { useEditProfileMutation, useUploadAvatarMutation } from '../mine.queries'
import styles from './AccountPages.module.css'
import mine from './MinePages.module.css'

type ProfileForm = {
  nickname: string
  gender: string
  birthday: string
  height: string
  weight: string
  stride: string
  hr_zone: string
}

const numberText = (value: number | null) => (value === null ? '' : String(value))

function formOf(user: account.User): ProfileForm {
  return {
    nickname: user.nickname,
    gender: user.gender,
    birthday: user.birthday,
    height: numberText(user.height),
    weight: numberText(user.weight),
    stride: numberText(user.stride),
    hr_zone: numberText(user.hr_zone),
  }
}

/** /userInfo: avatar, nickname, gender, birthday, body measures and the heart-rate zone setting. */
export function UserInfoPage() {
  const { t } = useTranslation()
  const { data: user, error, refetch } = useUserInfoQuery()
  return (
    <Page title={t('account.userInfo.title')}>
      {error ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} />
      ) : !user ? (
        <Loading />
      ) : (
        <ProfileEditor user={user} />
      )}
    </Page>
  )
}

function Row({
  label,
  htmlFor,
  problem,
  children,
}: {
  label: string
  htmlFor?: string
  /** What the server refused in this field: under it until the field changes. */
  problem?: string | undefined
  children: ReactNode
}) {
  return (
    <>
      <div className={mine.row}>
        <label className={mine.rowLabel} htmlFor={htmlFor}>
          {label}
        </label>
        {children}
      </div>
      {problem && (
        <p className={mine.problem} role="alert">
          {problem}
        </p>
      )}
    </>
  )
}

/** The field a refusal is about: the range and format codes name their measure. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, keyof ProfileForm>> = {
  HEIGHT_RANGE: 'height',
  WEIGHT_RANGE: 'weight',
  WEIGHT_INVALID: 'weight',
  STRIDE_RANGE: 'stride',
  HR_MAX_RANGE: 'hr_zone',
  BIRTHDAY_INVALID: 'birthday',
}

/** A refusal's messages by field (the server's per-field ones, or the code's field). */
function problemsOf(error: unknown): Partial<Record<keyof ProfileForm, string>> {
  if (!isApiError(error)) return {}
  const byCode = error.code && FIELD_OF_CODE[error.code]
  return byCode ? { [byCode]: error.message } : { ...error.fields }
}

function ProfileEditor({ user }: { user: account.User }) {
  const { t } = useTranslation()
  const edit = useEditProfileMutation({ showsErrors: true })
  const avatar = useUploadAvatarMutation()
  const [form, setForm] = useState(() => formOf(user))
  // a refused field keeps its message until it is changed (not a toast that fades in 2 s)
  const [problems, setProblems] = useState<Partial<Record<keyof ProfileForm, string>>>({})
  const field = (name: keyof ProfileForm) => ({
    id: `profile-${name}`,
    value: form[name],
    'aria-invalid': problems[name] !== undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      setForm((current) => ({ ...current, [name]: event.target.value }))
      setProblems(({ [name]: _, ...others }) => others)
    },
  })

  const pickAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) avatar.mutate(file, { onSuccess: () => showSuccess(t('common.toast.modified')) })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // an emptied number means "no change" on the server; the heart rate's "automatic" is 0
    edit.mutate(
      {
        ...form,
        gender: form.gender === '' ? undefined : (form.gender as 'male' | 'female'),
        hr_zone: form.hr_zone || '0',
      },
      {
        onSuccess: (saved) => {
          setForm(formOf(saved))
          setProblems({})
          showSuccess(t('common.toast.modified'))
        },
        onError: (error) => {
          const found = problemsOf(error)
          setProblems(found)
          // a failure of no field (offline, server) is told once
          if (Object.keys(found).length === 0) showToast(error.message)
        },
      },
    )
  }

  // weight in kg with one decimal, as the weight log takes it; the others whole numbers
  const number = (
    name: 'height' | 'weight' | 'stride' | 'hr_zone',
    unit: string,
    range: { min: number; max: number },
  ) => (
    <>
      <input
        className={mine.control}
        type="number"
        inputMode={name === 'weight' ? 'decimal' : 'numeric'}
        step={name === 'weight' ? 0.1 : 1}
        min={range.min}
        max={range.max}
        {...field(name)}
      />
      <span className={mine.unit}>{unit}</span>
    </>
  )

  return (
    <form onSubmit={submit} noValidate>
      <div className={mine.card}>
        <Row label={t('account.userInfo.avatar')} htmlFor="profile-avatar">
          <label className={mine.avatarButton} htmlFor="profile-avatar">
            <AccountAvatar name={user.nickname || user.email} src={user.avatar || undefined} size={52} />
          </label>
          <input
            id="profile-avatar"
            className={mine.fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif"
            disabled={avatar.isPending}
            onChange={pickAvatar}
          />
        </Row>
        <Row label={t('account.userInfo.nickname')} htmlFor="profile-nickname">
          <input className={mine.control} maxLength={protocol.NICKNAME_MAX} {...field('nickname')} />
        </Row>
        <Row label={t('account.userInfo.gender')} htmlFor="profile-gender">
          <select className={mine.control} {...field('gender')}>
            <option value="" disabled>
              {t('account.userInfo.notSet')}
            </option>
            <option value="female">{t('account.userInfo.female')}</option>
            <option value="male">{t('account.userInfo.male')}</option>
          </select>
        </Row>
        <Row label={t('account.userInfo.birthday')} htmlFor="profile-birthday" problem={problems.birthday}>
          <input
            className={mine.control}
            type="date"
            min={protocol.BIRTHDAY_MIN}
            max={new Date().toISOString().slice(0, 10)}
            {...field('birthday')}
          />
        </Row>
        <Row label={t('account.userInfo.height')} htmlFor="profile-height" problem={problems.height}>
          {number('height', t('account.userInfo.unit.cm'), protocol.HEIGHT_CM)}
        </Row>
        <Row label={t('account.userInfo.weight')} htmlFor="profile-weight" problem={problems.weight}>
          {number('weight', t('account.userInfo.unit.kg'), protocol.WEIGHT_KG)}
        </Row>
        <Row label={t('account.userInfo.stride')} htmlFor="profile-stride" problem={problems.stride}>
          {number('stride', t('account.userInfo.unit.cm'), protocol.STRIDE_CM)}
        </Row>
        <Row label={t('account.userInfo.hrMax')} htmlFor="profile-hr_zone" problem={problems.hr_zone}>
          {number('hr_zone', t('account.userInfo.unit.bpm'), protocol.HR_MAX_BPM)}
        </Row>
      </div>
      <p className={mine.hint}>{t('account.userInfo.hrHint')}</p>
      <div className={mine.card}>
        <Row label={t('account.mine.inviteCode')}>
          <span className={mine.control}>{user.invite_code}</span>
        </Row>
      </div>
      <Button className={styles.action} type="submit" block color="primary" loading={edit.isPending}>
        {t('account.userInfo.save')}
      </Button>
    </form>
  )
}
