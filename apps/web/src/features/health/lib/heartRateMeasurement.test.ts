import { describe, expect, it } from 'vitest'
import { parseHeartRateMeasurement } from './heartRateMeasurement'

const bytes = (...values: number[]) => new Uint8Array(values)

describe('parseHeartRateMeasurement (Heart Rate Service 0x2A37)', () => {
  it('reads a UINT8 value without contact support', () => {
    expect(parseHeartRateMeasurement(bytes(0x00, 72))).toEqual({ bpm: 72, contact: 'unsupported', rrMs: [] })
  })

  it('reads a UINT16 little-endian value', () => {
    // 0x012c = 300: out of range for people, valid on the wire
    expect(parseHeartRateMeasurement(bytes(0x01, 0x2c, 0x01)).bpm).toBe(300)
    expect(parseHeartRateMeasurement(bytes(0x01, 0x4b, 0x00)).bpm).toBe(75)
  })

  it('tells detected from lost contact when the sensor reports it', () => {
    expect(parseHeartRateMeasurement(bytes(0x06, 80)).contact).toBe('detected')
    expect(parseHeartRateMeasurement(bytes(0x04, 0)).contact).toBe('lost')
    // bit 1 alone (contact bit without the "supported" bit) means not supported
    expect(parseHeartRateMeasurement(bytes(0x02, 80)).contact).toBe('unsupported')
  })

  it('reads energy expended after the value', () => {
    // UINT8 value 90, energy 0x0123 = 291 kJ
    expect(parseHeartRateMeasurement(bytes(0x08, 90, 0x23, 0x01))).toEqual({
      bpm: 90,
      contact: 'unsupported',
      energyKj: 291,
      rrMs: [],
    })
  })

  it('reads every RR interval in 1/1024 s as milliseconds', () => {
    // 1024/1024 s = 1000 ms; 800/1024 s = 781.25 ms → 781.3
    const m = parseHeartRateMeasurement(bytes(0x10, 60, 0x00, 0x04, 0x20, 0x03))
    expect(m.rrMs).toEqual([1000, 781.3])
  })

  it('reads all fields together: UINT16 value, contact, energy, RR', () => {
    const m = parseHeartRateMeasurement(bytes(0x1f, 0x8c, 0x00, 0x10, 0x00, 0x9a, 0x01))
    expect(m).toEqual({ bpm: 140, contact: 'detected', energyKj: 16, rrMs: [400.4] })
  })

  it('accepts a DataView with an offset, as Web Bluetooth hands over', () => {
    const buffer = bytes(0xff, 0x00, 65).buffer
    expect(parseHeartRateMeasurement(new DataView(buffer, 1)).bpm).toBe(65)
  })

  it('refuses a value shorter than its flags announce', () => {
    expect(() => parseHeartRateMeasurement(bytes(0x01, 0x50))).toThrow(RangeError)
    expect(() => parseHeartRateMeasurement(bytes(0x08, 70, 0x01))).toThrow(RangeError)
  })
})
