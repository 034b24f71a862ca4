export { useAppVersionQuery } from './content.queries'
export { contentRoutes } from './routes'
