import { unsubscribeThisDevice } from '@/features/content'
import { call, clearCurrentAccountId, currentAccountId, methodQuery, queryKeys, setCurrentAccountId } from '@/api'
import { adoptAccountLanguage, setLanguage } from '@/i18n'
import { deviceTimeZone } from '@/shared/clock'
import { account, type Locale, type ParamsIn } from '@kinetic/protocol'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

/** The acting account's profile; `enabled: false` while that account is being signed out. */
export function useUserInfoQuery({ enabled = true } = {}) {
  return useQuery({ ...methodQuery(account.userInfo), meta: { silent: true }, enabled })
}

/** Accounts signed in on this device; re-read whenever the list is shown. */
export function useSignedInAccountsQuery() {
  return useQuery({ ...methodQuery(account.signedInAccounts), staleTime: 0, meta: { silent: true } })
}

export function usePhonePrefixesQuery() {
  return useQuery({ ...methodQuery(account.phonePrefixes), staleTime: Infinity })
}

/**
 * Makes the app act as another account (or none): stores `currentAccount`, which every
 * request sends as `X-Account`, and drops what was loaded for the previous one (and the
 * list of signed-in accounts, which a sign-in or sign-out changes).
 */
export function useActAs(): (id: number | null) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (id: number | null) => {
      if (id === null) clearCurrentAccountId()
      else setCurrentAccountId(id)
      queryClient.removeQueries({ queryKey: queryKeys.signedIn })
      queryClient.removeQueries({ queryKey: queryKeys.method(account.signedInAccounts) })
    },
    [queryClient],
  )
}

export function useLoginMutation() {
  const actAs = useActAs()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof account.login>) => call(account.login, params),
    onSuccess: async ({ user }) => {
      await adoptAccountLanguage(user.lang)
      actAs(user.id)
    },
  })
}

/** Registers with the device's time zone: the new account's days and clock are the device's. */
export function useRegisterMutation() {
  const actAs = useActAs()
  return useMutation({
    mutationFn: (params: Omit<ParamsIn<typeof account.register>, 'time_zone'>) =>
      call(account.register, { ...params, time_zone: deviceTimeZone() }),
    onSuccess: ({ user }) => actAs(user.id),
  })
}

export function useSendCodeMutation() {
  return useMutation({ mutationFn: (params: ParamsIn<typeof account.sendCode>) => call(account.sendCode, params) })
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (params: ParamsIn<typeof account.forgotPassword>) => call(account.forgotPassword, params),
  })
}

/**
 * Signs the acting account out; resolves with the accounts still signed in on this device. Its
 * offline copy (api/offline.ts) is deleted from the device.
 */
export function useLogoutMutation() {
  const actAs = useActAs()
  return useMutation({
    onMutate: () => ({ signedOut: currentAccountId() }),
    mutationFn: async () => {
      // this device stops taking the account's pushes (its subscription is the account's until then)
      await unsubscribeThisDevice().catch(() => undefined)
      await call(account.logout)
      return (await call(account.signedInAccounts)).list
    },
    onSuccess: (remaining, _variables, { signedOut }) => {
      actAs(remaining[0]?.id ?? null)
      if (signedOut !== null) void import('@/api/offline').then(({ forgetOfflineCopy }) => forgetOfflineCopy(signedOut))
    },
  })
}

/** Switches the interface language and reloads server texts (they come in the request's language). */
export function useChangeLanguage(): (locale: Locale) => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(
    async (locale: Locale) => {
      await setLanguage(locale)
      void queryClient.invalidateQueries()
    },
    [queryClient],
  )
}
