import { Toast } from 'antd-mobile'
import { ConsoleError } from './api'

export const toastOk = (content: string) => Toast.show({ icon: 'success', content, duration: 2000 })
export const toastError = (error: unknown) =>
  Toast.show({ icon: 'fail', content: error instanceof Error ? error.message : String(error), duration: 2000 })
/** The field messages of a refused call, for the form to show beside its inputs. */
export const fieldsOf = (error: unknown) => (error instanceof ConsoleError ? error.fields : {})

export const formatTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso))
