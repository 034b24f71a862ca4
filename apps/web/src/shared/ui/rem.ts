/** The design is drawn 375 px wide; the root font size is a tenth of the width (spec §9). */
export const DESIGN_WIDTH = 375
export const REM_BASE = DESIGN_WIDTH / 10

/** Design px in rem (for inline styles, which postcss-pxtorem does not see). */
export function rem(px: number): string {
  return `${px / REM_BASE}rem`
}
