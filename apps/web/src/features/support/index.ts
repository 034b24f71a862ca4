export { supportRoutes } from './routes'
