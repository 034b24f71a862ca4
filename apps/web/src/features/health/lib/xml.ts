import { WorkoutFileError } from './workoutTypes'

/** Parses XML with the browser's DOMParser; a document it cannot read is `unreadable`. */
export function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml')
  if (doc.getElementsByTagName('parsererror').length > 0 || !doc.documentElement) {
    throw new WorkoutFileError('unreadable')
  }
  return doc
}

/** Elements by local name, whatever their namespace prefix (`gpxtpx:hr`, `ns3:TPX`, plain). */
export function byName(parent: Document | Element, localName: string): Element[] {
  return Array.from(parent.getElementsByTagName('*')).filter((el) => el.localName === localName)
}

/** The number in the first `localName` descendant (or the element's own text when omitted). */
export function numberIn(parent: Element, localName?: string): number | undefined {
  const el = localName ? byName(parent, localName)[0] : parent
  const text = el?.textContent?.trim()
  if (!text) return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : undefined
}

export function timeIn(parent: Element, localName: string): number | undefined {
  const text = byName(parent, localName)[0]?.textContent?.trim()
  const time = text ? Date.parse(text) : NaN
  return Number.isFinite(time) ? time : undefined
}
