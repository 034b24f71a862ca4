import { call, methodQuery, queryKeys, upload } from '@/api'
import { account, type ParamsIn } from '@kinetic/protocol'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useActAs } from './account.queries'

/** Profile changes answer the new profile: the cached one is replaced with it. */
function useSetProfile() {
  const queryClient = useQueryClient()
  return (user: account.User) => queryClient.setQueryData(queryKeys.method(account.userInfo), user)
}

/** `showsErrors`: the page shows a refusal beside its field itself (no toast). */
export function useEditProfileMutation({ showsErrors = false } = {}) {
  const setProfile = useSetProfile()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof account.editProfile>) => call(account.editProfile, params),
    onSuccess: setProfile,
    meta: { silent: showsErrors },
  })
}

export function useUploadAvatarMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: Blob) => upload(account.uploadImage, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.method(account.userInfo) }),
  })
}

export function useGoogleAuthMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof account.googleAuth>) => call(account.googleAuth, params),
    onSuccess: (_data, params) => {
      if (params.action !== 'create')
        void queryClient.invalidateQueries({ queryKey: queryKeys.method(account.userInfo) })
    },
  })
}

export function useChangePasswordMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof account.changePassword>) => call(account.changePassword, params),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.method(account.sessions) }),
  })
}

export function useBindEmailMutation() {
  const setProfile = useSetProfile()
  return useMutation({
    mutationFn: (params: ParamsIn<typeof account.bindEmail>) => call(account.bindEmail, params),
    onSuccess: setProfile,
  })
}

/** Deletes the acting account; resolves with the accounts still signed in on this device. */
export function useLogoffMutation() {
  const actAs = useActAs()
  return useMutation({
    mutationFn: async (params: ParamsIn<typeof account.logoff>) => {
      await call(account.logoff, params)
      return (await call(account.signedInAccounts)).list
    },
    onSuccess: (remaining) => actAs(remaining[0]?.id ?? null),
  })
}

export function useSessionsQuery() {
  return useQuery({ ...methodQuery(account.sessions), staleTime: 0 })
}

export function useEndSessionMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(account.endSession, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.method(account.sessions) }),
  })
}
