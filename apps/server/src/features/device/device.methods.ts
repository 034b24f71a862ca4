import { device as d } from '@kinetic/protocol'
import type { Registry } from '../../platform/rpc/registry.ts'
import type { DeviceService } from './device.service.ts'

export function registerDeviceMethods(rpc: Registry, service: DeviceService): void {
  rpc.handle(d.bindDevice, (p, ctx) => service.bind(ctx.user.id, p.device_code, p.active_code))
  rpc.handle(d.unbindDevice, (p, ctx) => service.unbind(ctx.user.id, p.id))
  rpc.handle(d.devices, (p, ctx) => service.list(ctx.user.id, p.page, p.limit))
}
