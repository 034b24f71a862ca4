import { afterEach, describe, expect, it } from 'vitest'
import { installRemScaling, MAX_LAYOUT_WIDTH, rootFontSize } from './rem'

type HappyWindow = Window & { happyDOM: { setViewport(viewport: { width: number; height: number }): void } }
const happyWindow = window as unknown as HappyWindow

function resizeTo(width: number) {
  happyWindow.happyDOM.setViewport({ width, height: 800 })
  window.dispatchEvent(new Event('resize'))
}

const fontSize = () => document.documentElement.style.fontSize

describe('rem scaling', () => {
  let uninstall: (() => void) | undefined
  afterEach(() => uninstall?.())

  it('is a tenth of the width, capped on wide screens', () => {
    expect(rootFontSize(375)).toBe(37.5)
    expect(rootFontSize(320)).toBe(32)
    expect(rootFontSize(1920)).toBe(MAX_LAYOUT_WIDTH / 10)
  })

  it('sets the html font size now and again on every resize', () => {
    resizeTo(375)
    uninstall = installRemScaling(window)
    expect(fontSize()).toBe('37.5px')
    resizeTo(414)
    expect(fontSize()).toBe('41.4px')
    resizeTo(1440)
    expect(fontSize()).toBe('54px')
  })

  it('stops following the window once uninstalled', () => {
    resizeTo(390)
    installRemScaling(window)()
    resizeTo(360)
    expect(fontSize()).toBe('39px')
  })
})
