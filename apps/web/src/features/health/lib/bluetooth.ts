import {
  HEART_RATE_MEASUREMENT,
  HEART_RATE_SERVICE,
  parseHeartRateMeasurement,
  type HeartRateMeasurement,
} from './heartRateMeasurement'

/** The part of Web Bluetooth used here (TypeScript's DOM library does not declare it). */
type Characteristic = EventTarget & {
  value?: DataView
  startNotifications(): Promise<Characteristic>
  stopNotifications(): Promise<Characteristic>
}
type GattServer = {
  connected: boolean
  connect(): Promise<GattServer>
  disconnect(): void
  getPrimaryService(service: number): Promise<{ getCharacteristic(c: number): Promise<Characteristic> }>
}
type BluetoothDevice = EventTarget & { name?: string; gatt?: GattServer }
type Bluetooth = { requestDevice(options: { filters: { services: number[] }[] }): Promise<BluetoothDevice> }

/** `unsupported`: no Web Bluetooth (Firefox, Safari); `insecure`: the page is not on HTTPS/localhost. */
export type BluetoothSupport = 'available' | 'unsupported' | 'insecure'

export function bluetoothSupport(): BluetoothSupport {
  if (!('bluetooth' in navigator)) return window.isSecureContext ? 'unsupported' : 'insecure'
  return 'available'
}

export type SensorConnection = { name: string; disconnect: () => void }

/**
 * Asks the person to pick a heart-rate sensor (any device offering service 0x180D), subscribes
 * to its measurements (0x2A37) and hands each parsed one to `onMeasurement`. Rejects when the
 * picker is dismissed (`NotFoundError`) or the sensor cannot be reached.
 */
export async function connectHeartRateSensor(
  onMeasurement: (measurement: HeartRateMeasurement) => void,
  onDisconnected: () => void,
): Promise<SensorConnection> {
  const bluetooth = (navigator as Navigator & { bluetooth: Bluetooth }).bluetooth
  const device = await bluetooth.requestDevice({ filters: [{ services: [HEART_RATE_SERVICE] }] })
  if (!device.gatt) throw new Error('no GATT server')
  const server = await device.gatt.connect()
  const service = await server.getPrimaryService(HEART_RATE_SERVICE)
  const characteristic = await service.getCharacteristic(HEART_RATE_MEASUREMENT)
  const onValue = () => {
    if (!characteristic.value) return
    try {
      onMeasurement(parseHeartRateMeasurement(characteristic.value))
    } catch {
      // a truncated notification: skip it, the next one comes within a second
    }
  }
  characteristic.addEventListener('characteristicvaluechanged', onValue)
  device.addEventListener('gattserverdisconnected', onDisconnected, { once: true })
  await characteristic.startNotifications()
  return {
    name: device.name ?? '',
    disconnect: () => {
      characteristic.removeEventListener('characteristicvaluechanged', onValue)
      device.removeEventListener('gattserverdisconnected', onDisconnected)
      if (server.connected) server.disconnect()
    },
  }
}
