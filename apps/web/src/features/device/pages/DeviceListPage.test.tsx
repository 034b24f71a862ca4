import { initI18n } from '@/i18n'
import { loadTexts } from '@/i18n/lazyTexts'
import { renderPage } from '@/test/renderPage'
import type { device, Result } from '@kinetic/protocol'
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@/i18n/locales/en-US/device.json'
import { DeviceListPage } from './DeviceListPage'

beforeAll(async () => {
  await initI18n()
  await loadTexts('device')
})

const watches = (list: device.Device[]): Result<typeof device.devices> => ({
  list,
  total: list.length,
  page: 1,
  limit: 100,
  online_minutes: 15,
})
const aWatch = (patch: Partial<device.Device> = {}): device.Device => ({
  id: 1,
  device_code: 'KW-DEMO-0001',
  model: 'Kinetic Watch S1',
  online: false,
  last_seen_at: null,
  bound_at: '2026-11-24T08:00:00.000Z',
  ...patch,
})

describe('a bound watch', () => {
  it('that has uploaded nothing yet comes with how a watch syncs and what to check', async () => {
    await renderPage(<DeviceListPage />, {
      route: '/deviceList',
      answers: { '/v1/devicelist': () => watches([aWatch()]) },
    })
    expect(await screen.findByText(en.list.neverUploaded)).toBeTruthy()
    const sync = screen.getByRole('region', { name: en.sync.title })
    expect(sync.textContent).toContain(en.sync.how.replace('{{minutes}}', '15'))
    expect(sync.textContent).toContain(en.sync.offline)
  })

  it('online: says how it syncs, without the offline checklist', async () => {
    await renderPage(<DeviceListPage />, {
      route: '/deviceList',
      answers: {
        '/v1/devicelist': () => watches([aWatch({ online: true, last_seen_at: new Date().toISOString() })]),
      },
    })
    const sync = await screen.findByRole('region', { name: en.sync.title })
    expect(sync.textContent).not.toContain(en.sync.offline)
  })
})
