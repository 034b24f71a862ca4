/**
 * Root font size = viewport width / 10 (design width 375 → 37.5 px), recomputed on
 * resize; wide screens are capped so the app column stays phone-sized (max 10rem).
 * global.css sets the same size (`min(10vw, 54px)`) for the first paint; this one measures
 * the width without a desktop scrollbar.
 */
export const MAX_LAYOUT_WIDTH = 540

export function rootFontSize(viewportWidth: number): number {
  return Math.min(Math.max(viewportWidth, 0), MAX_LAYOUT_WIDTH) / 10
}

/** Applies the root font size now and on every resize; returns the uninstaller. */
export function installRemScaling(win: Window = window): () => void {
  const apply = () => {
    const root = win.document.documentElement
    const width = root.clientWidth || win.innerWidth
    root.style.fontSize = `${rootFontSize(width)}px`
  }
  apply()
  win.addEventListener('resize', apply)
  win.addEventListener('pageshow', apply)
  return () => {
    win.removeEventListener('resize', apply)
    win.removeEventListener('pageshow', apply)
  }
}
