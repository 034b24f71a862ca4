import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvLine, isoInZone, textCell, toCsv, undefuse } from './csv.ts'

describe('toCsv', () => {
  it('writes RFC 4180: a header row, CRLF, quotes around commas, quotes and line breaks', () => {
    const csv = toCsv(['a', 'b'] as const, [
      { a: '1.5', b: 'plain' },
      { a: '-0.000000000000000001', b: 'a "quoted", \r\nmulti-line text' },
    ])
    expect(csv).toBe('a,b\r\n1.5,plain\r\n-0.000000000000000001,"a ""quoted"", \r\nmulti-line text"\r\n')
    expect(parse(csv, { columns: true })).toEqual([
      { a: '1.5', b: 'plain' },
      { a: '-0.000000000000000001', b: 'a "quoted", \r\nmulti-line text' },
    ])
  })

  it('writes only the header for no rows', () => {
    expect(toCsv(['time', 'amount'] as const, [])).toBe('time,amount\r\n')
  })
})

describe('textCell', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(textCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`)
    expect(textCell('@SUM(A1)')).toBe(`'@SUM(A1)`)
    expect(textCell('thanks for lunch')).toBe('thanks for lunch')
  })

  it('every cell a CSV line writes is defused: =, +, -, @, tab and CR at its start; plain numbers stay numbers', () => {
    const cells = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\r=x', '-12.5', '+3', '42', 'a=b']
    expect(csvLine(cells)).toBe(`'=1+1,'+SUM(A1),'-2+3,'@cmd,'\tx,"'\r=x",-12.5,+3,42,a=b\r\n`)
    expect(toCsv(['memo'] as const, [{ memo: '=HYPERLINK("http://x","y")' }])).toBe(
      `memo\r\n"'=HYPERLINK(""http://x"",""y"")"\r\n`,
    )
    expect(cells.map((c) => undefuse(textCell(c)))).toEqual(cells)
  })
})

describe('isoInZone', () => {
  const at = new Date('2026-11-24T13:05:03.250Z')
  it('gives local time with the offset of that day', () => {
    expect(isoInZone(at, 'Asia/Shanghai')).toBe('2026-11-24T21:05:03+08:00')
    expect(isoInZone(at, 'America/St_Johns')).toBe('2026-11-24T09:35:03-03:30')
    expect(isoInZone(at, 'UTC')).toBe('2026-11-24T13:05:03+00:00')
    expect(isoInZone(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('2026-07-01T14:00:00+02:00')
    expect(isoInZone(new Date('2026-12-31T23:30:00Z'), 'Asia/Taipei')).toBe('2027-01-01T07:30:00+08:00')
  })
})
