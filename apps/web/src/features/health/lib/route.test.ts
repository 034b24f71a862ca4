import { describe, expect, it } from 'vitest'
import { routePolyline } from './route'

describe('routePolyline', () => {
  it('draws north up and east right, fitted and centred in the box', () => {
    // a square at the equator: south-west, south-east, north-east
    const points = routePolyline(
      [
        [0, 0],
        [0, 0.01],
        [0.01, 0.01],
      ],
      100,
      100,
      10,
    )
    expect(points).toBe('10.0,90.0 90.0,90.0 90.0,10.0')
  })

  it('keeps a due-north line straight and centred', () => {
    expect(
      routePolyline(
        [
          [30, 120],
          [30.01, 120],
        ],
        100,
        60,
      ),
    ).toBe('50.0,52.0 50.0,8.0')
  })

  it('draws nothing from fewer than two points', () => {
    expect(routePolyline([[1, 2]], 100, 100)).toBe('')
  })
})
