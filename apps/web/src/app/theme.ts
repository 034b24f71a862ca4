/** The app is dark only: antd-mobile's dark variables plus the palette in global.css. */
export function applyDarkTheme(): void {
  document.documentElement.setAttribute('data-prefers-color-scheme', 'dark')
}
