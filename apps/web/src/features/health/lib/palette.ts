import type { health } from '@kinetic/protocol'

/** Heart-rate zones from cool to hot, readable on the dark cards. */
export const ZONE_COLORS: Record<health.HrZone, string> = {
  warmup: '#60a5fa',
  fatburn: '#22c55e',
  aerobic: '#facc15',
  anaerobic: '#f97316',
  limit: '#f43f5e',
}

/** Sleep stages as sleep apps draw them: deep darkest, awake warm. */
export const STAGE_COLORS: Record<health.SleepStage, string> = {
  deep: '#6d5dfc',
  light: '#60a5fa',
  rem: '#22d3ee',
  awake: '#f59e0b',
}

export const ACCENT = '#22d3ee'
export const PRIMARY = '#4f7bff'
export const ENERGY = '#c6f432'
export const DANGER = '#f43f5e'
