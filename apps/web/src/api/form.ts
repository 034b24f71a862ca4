/** A value the form encoder writes: what a method's params hold on the wire. */
export type FormValue = string | number | boolean | null | undefined | readonly FormValue[] | FormFields
export type FormFields = { readonly [name: string]: FormValue }

/**
 * The body of a call (spec §7): `application/x-www-form-urlencoded`, nested arrays and objects
 * as indexed brackets (`ids[0]=4&ids[1]=5`, `a[b]=c`), keys and values percent-encoded
 * (RFC 3986), `null` as an empty value, `undefined` and empty lists left out. Byte for byte
 * what `qs.stringify(fields, { arrayFormat: 'indices' })` writes for these values (a test
 * compares the two), without qs and its polyfills (≈ 17 KB gzip in the first route).
 */
export function encodeForm(fields: FormFields): string {
  const pairs: string[] = []
  const add = (key: string, value: FormValue): void => {
    if (value === undefined) return
    if (value === null || typeof value !== 'object') pairs.push(`${encode(key)}=${encode(String(value ?? ''))}`)
    else if (isList(value)) value.forEach((item, index) => add(`${key}[${index}]`, item))
    else for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item)
  }
  for (const [name, value] of Object.entries(fields)) add(name, value)
  return pairs.join('&')
}

const isList = (value: object): value is readonly FormValue[] => Array.isArray(value)

/** encodeURIComponent leaves `!'()*` as they are; RFC 3986 (and qs) encodes them too. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
