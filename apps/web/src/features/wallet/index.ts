export { walletRoutes } from './routes'
