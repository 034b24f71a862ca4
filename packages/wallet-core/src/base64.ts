const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Standard base64 (with padding) of the bytes. */
export function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
}

/** The bytes of a standard padded base64 string, or undefined when it is not one. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64_RE.test(text)) return undefined
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}
