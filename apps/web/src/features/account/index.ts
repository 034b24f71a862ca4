export { accountRoutes } from './routes'
