import type { Abi, Hex } from 'viem'
import demoPair from '../../../../contracts/artifacts/DemoPair.json' with { type: 'json' }
import kineticToken from '../../../../contracts/artifacts/KineticToken.json' with { type: 'json' }
import multicall3 from '../../../../contracts/artifacts/Multicall3.json' with { type: 'json' }
import wrappedBnb from '../../../../contracts/artifacts/WrappedBNB.json' with { type: 'json' }

/** A compiled contract from contracts/artifacts (written by `npm run contracts:compile`). */
export interface Artifact {
  contractName: string
  abi: Abi
  bytecode: Hex
}

const artifact = (json: { contractName: string; abi: unknown; bytecode: string }): Artifact => ({
  contractName: json.contractName,
  abi: json.abi as Abi,
  bytecode: json.bytecode as Hex,
})

/** OpenZeppelin ERC20 with 18 decimals: constructor(name, symbol, initialSupply to the deployer). */
export const KINETIC_TOKEN = artifact(kineticToken)
/** aggregate3, getEthBalance and getCurrentBlockTimestamp of the canonical Multicall3. */
export const MULTICALL3 = artifact(multicall3)
/** WBNB: BNB wrapped 1:1 (deposit/withdraw), what DEX pairs hold in place of the native coin. */
export const WRAPPED_BNB = artifact(wrappedBnb)
/** The read side of a PancakeSwap V2 pair: constructor(tokenA, tokenB), token0/token1, getReserves, sync. */
export const DEMO_PAIR = artifact(demoPair)
