export { accountRoutes } from './routes'
export { ZonePrompt } from './components/ZonePrompt'
