export { HealthMenu } from './menu'
export { healthRoutes } from './routes'
