import { deviceApi } from '@kinetic/protocol'
import type { FastifyInstance } from 'fastify'
import { fail, ok } from '../../platform/rpc/envelope.ts'
import { requestLang } from '../../platform/rpc/dispatcher.ts'
import { prepareBatch, type IngestService } from '../health/index.ts'
import { DeviceApiError, type DeviceService } from './device.service.ts'

const { DEVICE_BODY_LIMIT, DEVICE_SAMPLES_PATH, DEVICE_TOKEN_PATH, TokenBody } = deviceApi

/** Token requests per IP per minute. */
const TOKEN_RATE_PER_MINUTE = 30

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1]

/** The device API (protocol `device-api.ts`): JSON over HTTP for watches, documented in docs/API.md. */
export function registerDeviceApi(server: FastifyInstance, devices: DeviceService, ingest: IngestService): void {
  server.post(
    DEVICE_TOKEN_PATH,
    { config: { rateLimit: { max: TOKEN_RATE_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const lang = requestLang(request)
      const body = TokenBody.safeParse(request.body)
      if (!body.success) return reply.code(400).send(fail('MALFORMED_BODY', lang))
      try {
        return ok(await devices.issueToken(body.data.device_code, body.data.active_code), lang)
      } catch (error) {
        if (error instanceof DeviceApiError) return reply.code(error.status).send(fail(error.code, lang))
        throw error
      }
    },
  )

  server.post(DEVICE_SAMPLES_PATH, { bodyLimit: DEVICE_BODY_LIMIT }, async (request, reply) => {
    const lang = requestLang(request)
    let binding: { bindingId: number; userId: number }
    try {
      binding = await devices.authenticate(bearer(request.headers.authorization))
    } catch (error) {
      if (error instanceof DeviceApiError) return reply.code(error.status).send(fail(error.code, lang))
      throw error
    }
    const prepared = prepareBatch(request.body, Math.floor(Date.now() / 1000))
    if (!prepared.ok)
      return reply
        .code(400)
        .send({ ...fail('SAMPLES_INVALID', lang, { args: { reason: prepared.errors[0] } }), errors: prepared.errors })
    const stored = await ingest.ingest(binding.userId, prepared.batch, (tx) => devices.holdLive(tx, binding.bindingId))
    if (!stored) return reply.code(401).send(fail('DEVICE_TOKEN_INVALID', lang))
    await devices.touch(binding.bindingId)
    return ok({ ...stored, shifted_s: prepared.shiftedS }, lang)
  })
}
