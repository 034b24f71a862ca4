export { deviceRoutes } from './routes'
