/**
 * A route's `[lat, lon]` points as an SVG polyline in a `width` × `height` box: an
 * equirectangular projection around the route's mean latitude (no map tiles), scaled to fit
 * with `pad` around it, north up.
 */
export function routePolyline(route: readonly (readonly [number, number])[], width: number, height: number, pad = 8) {
  if (route.length < 2) return ''
  const meanLat = route.reduce((s, [lat]) => s + lat, 0) / route.length
  const k = Math.cos((meanLat * Math.PI) / 180)
  const xs = route.map(([, lon]) => lon * k)
  const ys = route.map(([lat]) => lat)
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const span = Math.max(maxX - minX, maxY - minY) || 1
  const scale = Math.min((width - 2 * pad) / (maxX - minX || span), (height - 2 * pad) / (maxY - minY || span))
  // centred in the box
  const offX = (width - (maxX - minX) * scale) / 2
  const offY = (height - (maxY - minY) * scale) / 2
  return xs
    .map((x, i) => `${(offX + (x - minX) * scale).toFixed(1)},${(offY + (maxY - ys[i]!) * scale).toFixed(1)}`)
    .join(' ')
}
