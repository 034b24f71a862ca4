// `npm run contracts:compile`: compiles the Solidity sources beside this file with solc-js
// (standard JSON) and writes contracts/artifacts/<Name>.json — {abi, bytecode} plus how it was
// built. The artifacts are committed, so starting the server never compiles anything.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as prettier from 'prettier'

const HERE = import.meta.dirname
const ROOT = path.resolve(HERE, '..')

/**
 * BSC has run Shanghai (PUSH0) since its 2024 upgrades and Hardhat 2.29's dev chain runs a
 * later hardfork, so `shanghai` bytecode deploys on both; nothing here needs Cancun opcodes.
 */
export const EVM_VERSION = 'shanghai'
const OPTIMIZER = { enabled: true, runs: 200 }

/** solc 0.8.30 is the server's dev dependency; the root `solc` is Hardhat's older copy. */
interface Solc {
  version(): string
  compile(input: string, callbacks: { import(file: string): { contents: string } | { error: string } }): string
}
const solc = createRequire(path.join(ROOT, 'apps/server/package.json'))('solc') as Solc

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

const openZeppelin = path.dirname(createRequire(import.meta.url).resolve('@openzeppelin/contracts/package.json'))

/** Resolves `@openzeppelin/contracts/...` imports from node_modules; nothing else is importable. */
function findImport(file: string): { contents: string } | { error: string } {
  const prefix = '@openzeppelin/contracts/'
  if (!file.startsWith(prefix)) return { error: `cannot import ${file}` }
  try {
    return { contents: readFileSync(path.join(openZeppelin, file.slice(prefix.length)), 'utf8') }
  } catch (error) {
    return { error: String(error) }
  }
}

const sources = Object.fromEntries(
  readdirSync(HERE)
    .filter((name) => name.endsWith('.sol'))
    .map((name) => [name, { content: readFileSync(path.join(HERE, name), 'utf8') }]),
)
const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: OPTIMIZER,
    evmVersion: EVM_VERSION,
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
for (const problem of output.errors ?? []) console.error(problem.formattedMessage)
if (output.errors?.some((e) => e.severity === 'error')) process.exit(1)

const prettierOptions = { ...(await prettier.resolveConfig(path.join(HERE, 'artifacts/x.json'))), parser: 'json' }
for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
  if (!(sourceName in sources)) continue // OpenZeppelin's own files
  for (const [contractName, compiled] of Object.entries(contracts)) {
    const artifact = {
      contractName,
      sourceName: `contracts/${sourceName}`,
      compiler: { version: solc.version(), evmVersion: EVM_VERSION, optimizer: OPTIMIZER },
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
    }
    const file = path.join(HERE, 'artifacts', `${contractName}.json`)
    writeFileSync(file, await prettier.format(JSON.stringify(artifact), prettierOptions))
    console.log(`wrote ${path.relative(ROOT, file)} (${compiled.evm.bytecode.object.length / 2} bytes)`)
  }
}
