import { ConfigError } from './config.ts'

/**
 * Loads a development-only module (the embedded Postgres, the Hardhat dev chain, demo data):
 * main.ts imports them dynamically and only under DEV_MODE=1, so a production install
 * (`npm ci --omit=dev`) never loads or needs their packages. On such an install DEV_MODE=1
 * stops with this message rather than a bare "Cannot find package".
 */
export async function devOnly<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error
    throw new ConfigError(
      `DEV_MODE=1 needs ${what} from the development dependencies, which are not installed ` +
        `(an install with --omit=dev): install them (npm ci), or give DATABASE_URL, MAIL_URL and ` +
        `CHAIN_RPC_URL and run without DEV_MODE (docs/OPERATIONS.md). ${(error as Error).message}`,
      { cause: error },
    )
  }
}
