export { discoverRoutes } from './routes'
