import type { Abi, Hex } from 'viem'
import devPriceFeed from '../../../../contracts/artifacts/DevPriceFeed.json' with { type: 'json' }
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
/** A Chainlink-style USD feed whose owner sets the answer: constructor(decimals, description, answer), setAnswer. */
export const DEV_PRICE_FEED = artifact(devPriceFeed)
