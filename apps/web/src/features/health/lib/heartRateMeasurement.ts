/**
 * The Heart Rate Measurement characteristic (GATT 0x2A37) of the Bluetooth Heart Rate
 * Service (0x180D), parsed per the Bluetooth SIG's Heart Rate Service specification 1.0:
 *
 * - byte 0, flags: bit 0 the value format (0 UINT8, 1 UINT16); bits 1–2 the sensor contact
 *   status (bit 2 set: contact is reported, bit 1 then tells whether it is detected); bit 3
 *   Energy Expended present; bit 4 one or more RR-Intervals present;
 * - the heart rate in beats per minute (UINT8 or UINT16, little-endian);
 * - Energy Expended, UINT16 kJ, when flagged;
 * - RR-Intervals, UINT16 each in units of 1/1024 s, filling the rest, when flagged.
 */
export type SensorContact = 'unsupported' | 'detected' | 'lost'

export type HeartRateMeasurement = {
  bpm: number
  contact: SensorContact
  /** Cumulative energy since the sensor's last reset, kJ. */
  energyKj?: number
  /** Intervals between beats, ms (from 1/1024 s units, rounded to 0.1 ms). */
  rrMs: number[]
}

export const HEART_RATE_SERVICE = 0x180d
export const HEART_RATE_MEASUREMENT = 0x2a37

const UINT16_VALUE = 0x01
const CONTACT_DETECTED = 0x02
const CONTACT_SUPPORTED = 0x04
const ENERGY_PRESENT = 0x08
const RR_PRESENT = 0x10

/** Parses one notification; throws RangeError on a value too short for what its flags announce. */
export function parseHeartRateMeasurement(value: DataView | Uint8Array): HeartRateMeasurement {
  const view = value instanceof DataView ? value : new DataView(value.buffer, value.byteOffset, value.byteLength)
  const flags = view.getUint8(0)
  let offset = 1
  const bpm = flags & UINT16_VALUE ? view.getUint16(offset, true) : view.getUint8(offset)
  offset += flags & UINT16_VALUE ? 2 : 1

  const contact: SensorContact = !(flags & CONTACT_SUPPORTED)
    ? 'unsupported'
    : flags & CONTACT_DETECTED
      ? 'detected'
      : 'lost'

  const measurement: HeartRateMeasurement = { bpm, contact, rrMs: [] }
  if (flags & ENERGY_PRESENT) {
    measurement.energyKj = view.getUint16(offset, true)
    offset += 2
  }
  if (flags & RR_PRESENT) {
    for (; offset + 1 < view.byteLength; offset += 2) {
      measurement.rrMs.push(Math.round((view.getUint16(offset, true) * 10_000) / 1024) / 10)
    }
  }
  return measurement
}
