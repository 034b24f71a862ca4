// The page's entry. Its stylesheet (linked in the head) styles the launch screen in
// index.html, which the browser paints before any of the app has loaded; the app starts after
// that first frame, while the launch screen shows (spec §1).
import './global.css'
import './shell/launch.css'

/**
 * React, the route table (with react-router), then the app: each evaluates in a task of its
 * own, so no one task blocks input for long (one task of about 290 ms on a 4× slowed CPU
 * became three of 55–110). The route table, not the react-router package, is imported here:
 * a package imported whole keeps every export.
 */
async function start() {
  await import('react-dom/client')
  await import('./router')
  await import('./main')
}
// a hidden page renders no frames: it starts at once
if (document.visibilityState === 'hidden') void start()
else requestAnimationFrame(() => setTimeout(() => void start()))
