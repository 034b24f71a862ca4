import { Toast } from 'antd-mobile'

/** Spec §9: toasts last 2000 ms. */
export const TOAST_MS = 2000

export function showToast(content: string): void {
  Toast.show({ content, duration: TOAST_MS })
}

export function showSuccess(content: string): void {
  Toast.show({ icon: 'success', content, duration: TOAST_MS })
}
