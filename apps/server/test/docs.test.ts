import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/** The docs a reader follows must stay true: the ADR index and the links between documents. */
const root = fileURLToPath(new URL('../../..', import.meta.url))
const adrDir = join(root, 'docs/adr')
const read = (path: string) => readFileSync(path, 'utf8')
const markdownIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(dir, name))

/** The record each row of the index's table names: the link of its `record` column. */
function indexRows(index: string): string[] {
  const lines = index.split('\n').filter((line) => line.startsWith('|'))
  const header = lines[0]?.split('|').map((cell) => cell.trim()) ?? []
  const column = header.indexOf('record')
  if (column < 0) throw new Error('the ADR index has no `record` column')
  return lines.slice(2).map((line) => {
    const cell = line.split('|')[column] ?? ''
    return /\]\(([^)]+)\)/.exec(cell)?.[1] ?? `(no link: ${cell.trim()})`
  })
}

/** Where a document points: its links' targets and the paths it quotes that climb out of its folder (`../…`). */
function pointers(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '')
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string)
  const quoted = [...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((m) => m[1] as string)
  return [...links, ...quoted].filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
}

/** The targets of `file` that are no file or folder of the repository (outside it, or missing). */
function unresolved(file: string): string[] {
  return pointers(read(file)).filter((target) => {
    const path = resolve(dirname(file), decodeURIComponent(target.split('#')[0] as string))
    return relative(root, path).startsWith('..') || !existsSync(path)
  })
}

describe('the decision records’ index (docs/adr/README.md)', () => {
  const rows = indexRows(read(join(adrDir, 'README.md')))
  const records = readdirSync(adrDir).filter((name) => name.endsWith('.md') && name !== 'README.md')

  it('has a row for every record', () => {
    expect(records.filter((record) => !rows.includes(record))).toEqual([])
  })

  it('has no row that points at no record', () => {
    expect(rows.filter((row) => !records.includes(row))).toEqual([])
  })

  it('has one row per record, none repeated', () => {
    expect(rows.filter((row, i) => rows.indexOf(row) !== i)).toEqual([])
  })
})

describe('the links between documents', () => {
  const files = [...markdownIn(join(root, 'docs')), ...markdownIn(adrDir)]

  it.each(files.map((file) => [relative(root, file), file]))('resolve inside the repository: %s', (_, file) => {
    expect(unresolved(file)).toEqual([])
  })
})

/** Every source file of the repository's own code (not node_modules, builds or generated SQL). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'drizzle', 'results'].includes(entry.name) ? [] : sourceFiles(path)
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : []
  })
}

describe('the code’s comments', () => {
  it('give a reason, never an issue number in its place', () => {
    const files = ['apps', 'packages', 'scripts', 'bench', 'tools'].flatMap((dir) => sourceFiles(join(root, dir)))
    const naming = files.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => /(\/\/|\/?\*).*\b(issue|task) #?\d+\b/i.test(line))
        .map(({ at }) => at),
    )
    expect(naming).toEqual([])
  })
})
