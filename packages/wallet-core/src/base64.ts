/** Standard base64 (with padding) of the bytes; protocol's checkVault reads it back. */
export function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
}
