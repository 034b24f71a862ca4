// The embedded dev chain (apps/server/src/chain/devchain.ts runs `hardhat node` with this
// file). Hardhat 2 loads CommonJS configs only, hence .cjs in an ESM repository.
/* global module, setInterval */

// The dev chain lives as long as the server that started it: if that process dies without
// stopping it (SIGKILL, a crashed test worker), the node exits within two seconds.
const parent = Number(process.env.KINETIC_PARENT_PID)
if (parent) {
  setInterval(() => {
    try {
      process.kill(parent, 0)
    } catch {
      process.exit(0)
    }
  }, 2000).unref()
}

module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      // BSC's Pascal upgrade brought the Prague rules; the dev chain follows the same ones.
      hardfork: 'prague',
      // Hardhat's well-known mnemonic: account #0 deploys the demo tokens and pays the faucet.
      accounts: {
        mnemonic: 'test test test test test test test test test test test junk',
        count: 20,
        accountsBalance: '1000000000000000000000000', // 1,000,000 BNB each
      },
      // A block per transaction, none otherwise: the chain is quiet until someone sends.
      mining: { auto: true, interval: 0 },
      // Like BSC, mine a transaction that reverts (status 0) instead of refusing to broadcast it.
      throwOnTransactionFailures: false,
    },
  },
  // `hardhat node` compiles nothing (contracts/compile.ts does); should Hardhat ever write
  // its cache or artifacts, they go to the git-ignored data/ folder, not beside the sources.
  paths: {
    cache: '../data/hardhat/cache',
    artifacts: '../data/hardhat/artifacts',
  },
}
