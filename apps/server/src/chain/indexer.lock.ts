import pg from 'pg'

/** Arbitrary constant (beside the migration lock's 7_340_001); the second key is the chain id. */
export const INDEXER_LOCK = 7_340_002

/**
 * The Postgres advisory lock that elects the one indexer of a chain across all server
 * instances. It is held by a session, so it lives on its own connection, outside the pool:
 * if this process dies or the connection drops, Postgres frees it and another instance's
 * next try takes over.
 */
export class IndexerLock {
  private client: pg.Client | undefined
  private connecting: Promise<pg.Client> | undefined
  held = false

  constructor(
    private readonly databaseUrl: string,
    private readonly chainId: number,
  ) {}

  /** True when this instance holds the lock (already, or took it now); false when another does. */
  async acquire(): Promise<boolean> {
    if (this.held) return true
    const client = await this.connection()
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
      INDEXER_LOCK,
      this.chainId,
    ])
    this.held = rows[0]?.locked === true
    return this.held
  }

  async release(): Promise<void> {
    const client = this.client
    this.client = undefined
    this.held = false
    if (!client) return
    // Closing the session frees the lock even if the unlock cannot be sent.
    await client.query('SELECT pg_advisory_unlock($1, $2)', [INDEXER_LOCK, this.chainId]).catch(() => undefined)
    await client.end().catch(() => undefined)
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'kinetic-indexer-lock' })
      const lost = () => {
        if (this.client !== client) return
        this.client = undefined
        this.held = false
      }
      client.on('error', lost)
      client.on('end', lost)
      try {
        await client.connect()
      } catch (error) {
        await client.end().catch(() => undefined)
        throw error
      }
      this.client = client
      return client
    })().finally(() => (this.connecting = undefined))
    return this.connecting
  }
}
