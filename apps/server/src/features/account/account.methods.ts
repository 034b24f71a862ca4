import { account } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { AccountService } from './account.service.ts'
import type { ProfileService } from './profile.service.ts'
import type { SecurityService } from './security.service.ts'
import { CODE_COOLDOWN_S } from './codes.ts'
import { PHONE_PREFIXES } from './phone-prefixes.ts'

export function registerAccountMethods(
  rpc: Registry,
  service: AccountService,
  profile: ProfileService,
  security: SecurityService,
): void {
  rpc.handle(account.phonePrefixes, async (_params, ctx) => ({
    list: PHONE_PREFIXES.map((p) => ({ prefix: p.prefix, name: p.name[ctx.lang] })),
  }))

  rpc.handle(account.sendCode, async (params, ctx) => {
    await service.sendCode(params, ctx.ip, ctx.lang)
    return { cooldown: CODE_COOLDOWN_S }
  })

  rpc.handle(account.register, (params, ctx) => service.register(params, ctx))

  rpc.handle(account.login, (params, ctx) => service.login(params, ctx))

  rpc.handle(account.forgotPassword, (params) => service.resetPassword(params))

  rpc.handle(account.userInfo, (_params, ctx) => profile.userInfo(ctx.user.id))
  rpc.handle(account.editProfile, (params, ctx) => profile.edit(ctx.user.id, params))
  rpc.handleUpload(account.uploadImage, (_params, file, ctx) => profile.setAvatar(ctx.user.id, file))
  rpc.handleUpload(account.uploadFile, (_params, file, ctx) => profile.addAttachment(ctx.user.id, file))

  rpc.handle(account.googleAuth, (params, ctx) => security.googleAuth(params, ctx))
  rpc.handle(account.changePassword, (params, ctx) => security.changePassword(params, ctx))
  rpc.handle(account.bindEmail, (params, ctx) => security.bindEmail(params, ctx))
  rpc.handle(account.logoff, (params, ctx) => security.logoff(params, ctx, ctx.reply))
  rpc.handle(account.sessions, (_params, ctx) => security.sessions(ctx))
  rpc.handle(account.endSession, (params, ctx) => security.endSession(params.id, ctx))
  rpc.handle(account.signedInAccounts, (_params, ctx) => service.deviceAccounts(ctx.request))

  rpc.handle(account.logout, async (_params, ctx) => {
    await service.logout(ctx.reply, { id: ctx.user.sessionId, userId: ctx.user.id })
    return { ok: true as const }
  })
}
