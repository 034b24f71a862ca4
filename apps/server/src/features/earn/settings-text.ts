import { AppError } from '../../platform/rpc/app-error.ts'
import { DEFAULT_SETTINGS, SETTINGS, type SettingKey, type Settings } from './settings.ts'

/**
 * The parameters as the operator console shows and edits them: a number or a decimal as
 * written, a list comma-separated. The text is turned into the stored kind and validated by
 * the setting's own schema, so the console cannot store what the server would not read.
 */
const isKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key)

export function settingsAsText(settings: Settings): { key: string; value: string }[] {
  return (Object.keys(SETTINGS) as SettingKey[]).map((key) => {
    const value = settings[key]
    return { key, value: Array.isArray(value) ? value.join(', ') : String(value) }
  })
}

export function parseSettingText(key: string, text: string): { key: SettingKey; value: Settings[SettingKey] } {
  if (!isKey(key)) throw new AppError('FIELD_INVALID', { field: 'key', args: { field: 'key' } })
  const sample = DEFAULT_SETTINGS[key]
  const raw: unknown = Array.isArray(sample)
    ? text.split(',').map((part) => part.trim())
    : typeof sample === 'number'
      ? /^\d{1,15}$/.test(text.trim())
        ? Number(text.trim())
        : text
      : text.trim()
  const parsed = SETTINGS[key].safeParse(raw)
  if (!parsed.success) throw new AppError('FIELD_INVALID', { field: 'value', args: { field: 'value' } })
  return { key, value: parsed.data }
}
