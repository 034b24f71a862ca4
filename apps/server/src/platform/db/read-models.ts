/**
 * Read models declare what they read; owners declare what they feed
 * (docs/adr/2026-11-29-read-models-declare.md). A read model (Home, Discover, the wallet home)
 * keeps its answer per user while its version holds; the version moves when a row it reads
 * changes. The owner of each table says, beside its tables (`<f>.feeds.ts`), which versions its
 * writes move; the read model says, beside its statements (`<f>.reads.ts`), which tables they
 * read. The triggers that move the versions are generated from the owners' declarations
 * (`npm run readmodels:generate` writes them as a migration), and a test fails when a read model
 * reads a table no owner declared.
 */

/** The per-user versions (columns of `read_versions`). */
export const USER_VERSIONS = ['home', 'wallet', 'discover'] as const
/** The versions every user's reads share (rows of `shared_versions`). */
export const SHARED_VERSIONS = ['settlement'] as const
export type UserVersion = (typeof USER_VERSIONS)[number]
export type SharedVersion = (typeof SHARED_VERSIONS)[number]
export type Version = UserVersion | SharedVersion

/** The tables a read model reads its versions from (they move with no trigger). */
export const VERSION_TABLES = ['read_versions', 'shared_versions'] as const

/**
 * How a version moves:
 * - `row` (the default): a deferred per-row constraint trigger, run when the transaction commits,
 *   so the version row is the last lock it takes (docs/adr/2026-11-25-read-versions.md);
 * - `coalesced`: the same trigger, moving each user's version once per transaction however many
 *   rows it wrote (a batch of samples);
 * - `statement`: one trigger per statement over its changed rows (transition tables), moving
 *   each user's version once per statement, at once (not deferred: Postgres cannot defer a
 *   statement trigger), with neither a column list nor a condition.
 */
export type Bump = 'row' | 'coalesced' | 'statement'

export type WriteEvent = 'insert' | 'update' | 'delete'

/** What one table's writes move. */
export interface Feed {
  /** The versions its writes move. */
  moves: readonly Version[]
  /** Which writes (all three unless named). */
  events?: readonly WriteEvent[]
  /** Only updates of these columns move them (per-row bumps only). */
  columns?: readonly string[]
  /** A condition on `NEW` (per-row bumps only), e.g. `NEW.user_id IS NOT NULL`. */
  when?: string
  /** The user whose versions move, as SQL over the changed row `{row}` (default `{row}.user_id`). */
  user?: string
  bump?: Bump
}

/** A table whose every write writes a table that feeds, in the same transaction: no trigger of its own. */
export interface CoveredFeed {
  coveredBy: string
  /** Why every write of it writes `coveredBy`. */
  because: string
}

/** An owner's declaration: its tables, each with what its writes move. */
export interface Feeds {
  kind: 'feeds'
  owner: string
  tables: Readonly<Record<string, Feed | CoveredFeed>>
}

/** A read model's declaration: the versions it checks, its statements (by name) and the tables they read. */
export interface ReadModel {
  kind: 'reads'
  name: string
  versions: readonly Version[]
  /** Its prepared statements' names (`platform/db/named.ts`). */
  statements: readonly string[]
  tables: readonly string[]
}

export const feeds = (owner: string, tables: Feeds['tables']): Feeds => ({ kind: 'feeds', owner, tables })
export const readModel = (name: string, model: Omit<ReadModel, 'kind' | 'name'>): ReadModel => ({
  kind: 'reads',
  name,
  ...model,
})

const isCovered = (feed: Feed | CoveredFeed): feed is CoveredFeed => 'coveredBy' in feed
const isShared = (v: Version): v is SharedVersion => (SHARED_VERSIONS as readonly string[]).includes(v)

/** Every table's feed, from all owners (a table declared twice is an error). */
export function tableFeeds(all: readonly Feeds[]): Map<string, { owner: string; feed: Feed | CoveredFeed }> {
  const tables = new Map<string, { owner: string; feed: Feed | CoveredFeed }>()
  for (const { owner, tables: declared } of all)
    for (const [table, feed] of Object.entries(declared)) {
      const other = tables.get(table)
      if (other) throw new Error(`table ${table} is declared by ${other.owner} and ${owner}`)
      tables.set(table, { owner, feed })
    }
  return tables
}

/** The versions a table's writes move (through the table that covers it, if any). */
function movedBy(tables: ReturnType<typeof tableFeeds>, table: string, seen = new Set<string>()): readonly Version[] {
  const entry = tables.get(table)
  if (!entry || seen.has(table)) return []
  seen.add(table)
  return isCovered(entry.feed) ? movedBy(tables, entry.feed.coveredBy, seen) : entry.feed.moves
}

/**
 * What is wrong between the read models and the owners: a table a read model reads that no owner
 * declared as moving one of its versions, a statement that reads a table its read model does not
 * list, a covered table whose cover does not exist. Empty when all is declared.
 */
export function undeclared(
  all: readonly Feeds[],
  models: readonly ReadModel[],
  statementTables: (statement: string) => readonly string[] = () => [],
): string[] {
  const tables = tableFeeds(all)
  const problems: string[] = []
  for (const [table, { owner, feed }] of tables)
    if (isCovered(feed) && !tables.has(feed.coveredBy))
      problems.push(`${owner}'s ${table} is covered by ${feed.coveredBy}, which no owner declares`)
  for (const model of models) {
    const listed = new Set(model.tables)
    for (const statement of model.statements)
      for (const table of statementTables(statement))
        if (!listed.has(table) && !(VERSION_TABLES as readonly string[]).includes(table))
          problems.push(
            `${model.name}'s statement ${statement} reads ${table}, which ${model.name}.reads does not list`,
          )
    for (const table of model.tables) {
      const moved = movedBy(tables, table)
      if (!moved.some((v) => model.versions.includes(v)))
        problems.push(
          `${model.name} reads ${table}, but no owner declares that its writes move ${model.versions.join(' or ')}`,
        )
    }
  }
  return problems
}

/** The tables an SQL statement reads (each name after FROM or JOIN; quoted or not). */
export function tablesOf(statement: string): string[] {
  const found = new Set<string>()
  for (const match of statement.matchAll(/\b(?:FROM|JOIN)\s+"?([a-z_][a-z0-9_]*)"?/gi))
    found.add(match[1]!.toLowerCase())
  return [...found].sort()
}

const userSql = (feed: Feed, row: string) => (feed.user ?? '{row}.user_id').replaceAll('{row}', row)
const quoteList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ')
const EVENTS: readonly WriteEvent[] = ['insert', 'update', 'delete']

/** A per-row trigger's events: `INSERT OR UPDATE OF a, b OR DELETE`. */
function rowEvents(feed: Feed): string {
  return (feed.events ?? EVENTS)
    .map((e) => (e === 'update' && feed.columns ? `UPDATE OF ${feed.columns.join(', ')}` : e.toUpperCase()))
    .join(' OR ')
}

/** The per-row bump functions' user lookup: one branch per table whose user is not `user_id`. */
function userLookup(per: [string, Feed][]): string {
  const special = per.filter(([, feed]) => feed.user !== undefined)
  if (special.length === 0) return '  uid := changed.user_id;'
  const branches = special.map(
    ([table, feed], i) =>
      `  ${i === 0 ? 'IF' : 'ELSIF'} TG_TABLE_NAME = '${table}' THEN\n    uid := ${userSql(feed, 'changed')};`,
  )
  return `${branches.join('\n')}\n  ELSE\n    uid := changed.user_id;\n  END IF;`
}

const bumpColumns = USER_VERSIONS.map((v) => `    ${v} = read_versions.${v} + ('${v}' = ANY (TG_ARGV))::int`).join(
  ',\n',
)

/** A per-row bump function; `once` skips a user whose versions this transaction already moved. */
function rowFunction(name: string, per: [string, Feed][], once: boolean): string {
  const skip = once
    ? `
  -- coalesced: each user's named versions move once per transaction
  IF uid IS NULL THEN RETURN NULL; END IF;
  seen := 'read_versions.u' || uid || '_' || array_to_string(TG_ARGV, '_');
  IF coalesce(current_setting(seen, true), '') <> '' THEN RETURN NULL; END IF;
  PERFORM set_config(seen, '1', true);`
    : ''
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  uid bigint;${once ? '\n  seen text;' : ''}
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
${userLookup(per)}${skip}
  -- a user being deleted (its rows go by cascade) has no reads left to move on
  INSERT INTO read_versions (user_id) SELECT id FROM users WHERE id = uid
  ON CONFLICT (user_id) DO UPDATE SET
${bumpColumns};
  RETURN NULL;
END
$$;`
}

/** A statement bump function of one table: every user of its changed rows (transition table `changed`), once. */
function statementFunction(table: string, feed: Feed, moves: readonly UserVersion[]): string {
  const set = moves.map((v) => `${v} = read_versions.${v} + 1`).join(', ')
  return `CREATE OR REPLACE FUNCTION read_version_rows_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO read_versions (user_id)
  SELECT DISTINCT u.id FROM changed c JOIN users u ON u.id = ${userSql(feed, 'c')}
  ON CONFLICT (user_id) DO UPDATE SET ${set};
  RETURN NULL;
END
$$;`
}

const SHARED_FUNCTION = `CREATE OR REPLACE FUNCTION shared_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shared_versions (name) VALUES (TG_ARGV[0])
  ON CONFLICT (name) DO UPDATE SET version = shared_versions.version + 1;
  RETURN NULL;
END
$$;`

/** Drops every read-version trigger and statement function, declared or not any more. */
const DROP_ALL = `DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT tgname, tgrelid::regclass AS rel FROM pg_trigger
           WHERE tgname IN ('read_version', 'shared_version') OR tgname LIKE 'read\\_version\\_%' LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.rel);
  END LOOP;
  FOR t IN SELECT oid::regprocedure AS fn FROM pg_proc WHERE proname LIKE 'read\\_version\\_rows\\_%' LOOP
    EXECUTE format('DROP FUNCTION %s', t.fn);
  END LOOP;
END
$$;`

/** The triggers of one table. */
function tableTriggers(table: string, feed: Feed): string[] {
  const out: string[] = []
  const userMoves = feed.moves.filter((v): v is UserVersion => !isShared(v))
  const sharedMoves = feed.moves.filter(isShared)
  const bump = feed.bump ?? 'row'
  const where = feed.when ? ` WHEN (${feed.when})` : ''
  if (userMoves.length > 0) {
    if (bump === 'statement') {
      if (feed.columns || feed.when) throw new Error(`${table}: a statement bump takes neither columns nor a condition`)
      out.push(statementFunction(table, feed, userMoves))
      for (const e of feed.events ?? EVENTS)
        out.push(
          `CREATE TRIGGER read_version_${e} AFTER ${e.toUpperCase()} ON ${table}\n` +
            `  REFERENCING ${e === 'delete' ? 'OLD' : 'NEW'} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION read_version_rows_${table}();`,
        )
    } else {
      const fn = bump === 'coalesced' ? 'read_version_bump_once' : 'read_version_bump'
      out.push(
        `CREATE CONSTRAINT TRIGGER read_version AFTER ${rowEvents(feed)} ON ${table}\n` +
          `  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW${where} EXECUTE FUNCTION ${fn}(${quoteList(userMoves)});`,
      )
    }
  }
  for (const v of sharedMoves)
    out.push(
      `CREATE CONSTRAINT TRIGGER shared_version AFTER ${rowEvents(feed)} ON ${table}\n` +
        `  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW${where} EXECUTE FUNCTION shared_version_bump('${v}');`,
    )
  if (sharedMoves.length > 1) throw new Error(`${table}: one shared version per table`)
  return out
}

const HEADER = `-- GENERATED by \`npm run readmodels:generate\` from the owners' declarations (*.feeds.ts):
-- do not edit. Every read-version trigger, dropped and made again
-- (docs/adr/2026-11-29-read-models-declare.md).`

/**
 * The migration that makes the read versions' triggers what the owners declare: the bump
 * functions, then every table's triggers (tables in name order), as drizzle migration statements.
 */
export function renderTriggers(all: readonly Feeds[]): string {
  const tables = [...tableFeeds(all)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const direct = tables.flatMap(([table, { feed }]) => (isCovered(feed) ? [] : [[table, feed] as [string, Feed]]))
  const perRow = direct.filter(([, feed]) => (feed.bump ?? 'row') !== 'statement')
  const statements = [DROP_ALL, rowFunction('read_version_bump', perRow, false)]
  if (perRow.some(([, feed]) => feed.bump === 'coalesced'))
    statements.push(rowFunction('read_version_bump_once', perRow, true))
  statements.push(SHARED_FUNCTION)
  for (const [table, feed] of direct) statements.push(...tableTriggers(table, feed))
  const covered = tables.flatMap(([table, { feed }]) =>
    isCovered(feed) ? [`-- ${table}: no trigger, covered by ${feed.coveredBy} (${feed.because})`] : [],
  )
  return `${HEADER}\n${covered.length ? `${covered.join('\n')}\n` : ''}${statements.join('\n--> statement-breakpoint\n')}\n`
}

/**
 * Every declaration of the server: the `*.feeds.ts` and `*.reads.ts` files under `src` (found by
 * name, as drizzle-kit finds the `*.tables.ts` files), each export of a declaration.
 */
export async function loadDeclarations(): Promise<{ feeds: Feeds[]; models: ReadModel[] }> {
  const { readdirSync } = await import('node:fs')
  const path = await import('node:path')
  const { fileURLToPath, pathToFileURL } = await import('node:url')
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(feeds|reads)\.ts$/.test(f))
    .sort()
  const found: { feeds: Feeds[]; models: ReadModel[] } = { feeds: [], models: [] }
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(src, file)).href)) as Record<string, unknown>
    for (const value of Object.values(module)) {
      const declared = value as Partial<Feeds | ReadModel> | undefined
      if (declared?.kind === 'feeds') found.feeds.push(declared as Feeds)
      if (declared?.kind === 'reads') found.models.push(declared as ReadModel)
    }
  }
  return found
}
