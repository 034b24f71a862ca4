import { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import type { Bus } from '../../platform/realtime/bus.ts'
import { settingsRepo } from './settings.repo.ts'

const count = z.number().int().min(0).max(1_000_000_000)
const decimal = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/)
const positive = z.number().int().min(1).max(1_000_000_000)
/** Energy per unit of activity: whole energy with at most the asset's 2 decimals. */
const energyRate = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/)

/**
 * Every number of earning and the shop, seeded into `earn_settings` and shown on /rules.
 * Operators change them with `settings.set` (the operator console).
 */
export const SETTINGS = {
  referral_reward_points: count,
  physical_fitness_days: positive,
  newbie_task_points: count,
  daily_task_points: count,
  weekly_task_points: count,
  energy_daily_cap: count,
  energy_per_1000_steps: count,
  energy_per_active_minute: energyRate,
  energy_per_workout: energyRate,
  /** Per minute at or above the aerobic zone (the user's HR zones) that was not an active minute. */
  energy_per_zone_minute: energyRate,
  energy_per_sleep_hour: energyRate,
  /** The crediting window: a day's activity earns only while it is one of the user's last this many local days. */
  energy_window_days: z.number().int().min(1).max(60),
  task_sleep_hours: positive,
  weekly_goal_days: z.number().int().min(1).max(7),
  finalize_energy_per_power: positive,
  supply_points_per_energy: positive,
  /** Settled days that emitted per stage; each stage emits the next `stage_emission_knt` (the last repeats). */
  stage_days: positive,
  stage_emission_knt: z.array(decimal).min(1),
  pledge_cooldown_days: count,
  /** KNT pledged at least for an active node; its computing power counts `node_boost_pct` more. */
  node_activate_knt: decimal,
  node_boost_pct: z.number().int().min(0).max(1000),
  /** Percent of a day's emission shared by active nodes' pledged KNT; the rest by computing power. */
  token_share_pct: z.number().int().min(0).max(100),
  collect_min_knt: decimal,
} as const
export type SettingKey = keyof typeof SETTINGS
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTINGS)[K]> }

export const DEFAULT_SETTINGS: Settings = {
  referral_reward_points: 1000,
  physical_fitness_days: 30,
  newbie_task_points: 50,
  daily_task_points: 10,
  weekly_task_points: 50,
  energy_daily_cap: 100,
  energy_per_1000_steps: 10,
  energy_per_active_minute: '0.2',
  energy_per_workout: '5',
  energy_per_zone_minute: '0.2',
  energy_per_sleep_hour: '2',
  energy_window_days: 7,
  task_sleep_hours: 7,
  weekly_goal_days: 5,
  finalize_energy_per_power: 10,
  supply_points_per_energy: 5,
  stage_days: 90,
  stage_emission_knt: ['10000', '5000', '2500', '1250'],
  pledge_cooldown_days: 7,
  node_activate_knt: '100',
  node_boost_pct: 20,
  token_share_pct: 20,
  collect_min_knt: '10',
}

/** Without a bus (a script's own read), a changed value is read again after this time. */
export const SETTINGS_CACHE_MS = 5_000
/** The cache's name on the bus (`CacheDrop.cache`). */
export const SETTINGS_CACHE = 'earn-settings'

/**
 * Earning's settings, read on most signed-in reads: cached in process until an operator changes
 * one, when every instance drops its copy through the bus (docs/adr/2026-11-25-session-cache.md);
 * while the bus's listening connection is down (a drop may be missed) every read asks the database.
 */
export function earnSettings(db: Db, bus?: Pick<Bus, 'listening' | 'onListening' | 'onCacheDrop' | 'dropCached'>) {
  const repo = settingsRepo(db)
  let seeded = false
  let cached: { value: Settings; until: number } | undefined
  // moves on at every drop: a read that started before one is not kept
  let epoch = 0
  const forget = () => {
    epoch++
    cached = undefined
  }
  bus?.onListening(forget)
  bus?.onCacheDrop((drop) => {
    if (drop.cache === SETTINGS_CACHE) forget()
  })
  const trusted = () => (bus ? bus.listening() : true)
  return {
    /** The current settings (seeded at the first read of a process, then cached). */
    async get(): Promise<Settings> {
      if (cached && trusted() && cached.until > Date.now()) return cached.value
      if (!seeded) {
        await repo.seed(DEFAULT_SETTINGS)
        seeded = true
      }
      const since = epoch
      const value: Settings = { ...DEFAULT_SETTINGS }
      for (const row of await repo.all()) {
        const schema = SETTINGS[row.key as SettingKey] as z.ZodType | undefined
        const parsed = schema?.safeParse(row.value)
        if (parsed?.success) Object.assign(value, { [row.key]: parsed.data })
      }
      if (since === epoch && trusted())
        cached = { value, until: bus ? Number.POSITIVE_INFINITY : Date.now() + SETTINGS_CACHE_MS }
      return value
    },

    /** For the operator console: validates and stores one setting; every instance reads them again. */
    async set<K extends SettingKey>(key: K, value: Settings[K]): Promise<void> {
      const parsed = SETTINGS[key].parse(value)
      await this.get()
      await repo.set(key, parsed)
      forget()
      await bus?.dropCached({ cache: SETTINGS_CACHE })
    },
  }
}
export type EarnSettings = ReturnType<typeof earnSettings>
