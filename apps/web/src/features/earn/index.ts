export { earnRoutes } from './routes'
