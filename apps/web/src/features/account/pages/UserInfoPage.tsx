import { Page } from '@/shared/ui/Page'
import { LoadFailed, Loading } from '@/shared/ui/Status'
import { showSuccess } from '@/shared/ui/toast'
import { account as protocol, type account } from '@kinetic/protocol'
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

function Row({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className={mine.row}>
      <label className={mine.rowLabel} htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  )
}

function ProfileEditor({ user }: { user: account.User }) {
  const { t } = useTranslation()
  const edit = useEditProfileMutation()
  const avatar = useUploadAvatarMutation()
  const [form, setForm] = useState(() => formOf(user))
  const field = (name: keyof ProfileForm) => ({
    id: `profile-${name}`,
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
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
          showSuccess(t('common.toast.modified'))
        },
      },
    )
  }

  const number = (
    name: 'height' | 'weight' | 'stride' | 'hr_zone',
    unit: string,
    range: { min: number; max: number },
  ) => (
    <>
      <input
        className={mine.control}
        type="number"
        inputMode="numeric"
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
        <Row label={t('account.userInfo.birthday')} htmlFor="profile-birthday">
          <input
            className={mine.control}
            type="date"
            min={protocol.BIRTHDAY_MIN}
            max={new Date().toISOString().slice(0, 10)}
            {...field('birthday')}
          />
        </Row>
        <Row label={t('account.userInfo.height')} htmlFor="profile-height">
          {number('height', t('account.userInfo.unit.cm'), protocol.HEIGHT_CM)}
        </Row>
        <Row label={t('account.userInfo.weight')} htmlFor="profile-weight">
          {number('weight', t('account.userInfo.unit.kg'), protocol.WEIGHT_KG)}
        </Row>
        <Row label={t('account.userInfo.stride')} htmlFor="profile-stride">
          {number('stride', t('account.userInfo.unit.cm'), protocol.STRIDE_CM)}
        </Row>
        <Row label={t('account.userInfo.hrMax')} htmlFor="profile-hr_zone">
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
