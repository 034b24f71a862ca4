/**
 * `showSuccess` for the pages of a first visit (Home): the toast layer (antd-mobile's
 * render-to-body, ≈ 20 KB gzip) loads when the first toast shows, not with the page.
 */
export function showSuccessLater(content: string): void {
  void import('./toast').then((toast) => toast.showSuccess(content))
}
