// What a person does, through the public API only, for the API fixture and the simulated
// users of bench/load.ts: sign up with the mailed code, bind a watch and upload its data,
// create a wallet (key and vault made here as the browser's wallet-core does), buy a good,
// send BNB. The operator's part (watch codes, a good a newcomer can afford) goes through the
// console's operations.
import { deviceApi } from '@kinetic/protocol'
import { accountFromPrivateKey, signProof, signTransfer, vaultSealer } from '@kinetic/wallet-core'
import { generatePrivateKey } from 'viem/accounts'
import { Client, devicePost } from './client.ts'
import { OPERATOR, type ServerUnderTest } from './server.ts'

export const PASSWORD = 'bench-password-1'
/**
 * Every person's vault at the real cost (600,000 PBKDF2 iterations, as the browser makes it),
 * with the key derived once: all people share PASSWORD, so one sealer (one salt, a fresh iv a
 * vault) makes vaults that the password opens, and the loader's CPU stays with the requests.
 */
let sealer: ReturnType<typeof vaultSealer> | undefined
const sealVault = async (privateKey: `0x${string}`) =>
  (await (sealer ??= vaultSealer(PASSWORD)))({ kind: 'private_key', privateKey })

export interface WatchCode {
  device_code: string
  active_code: string
}

export interface Shop {
  /** The signed-in console operator. */
  operator: Client
  /** Unbound watch codes issued by the operator; each person takes one. */
  codes: WatchCode[]
  /** A virtual good priced at the newbie task's reward (an energy pack). */
  goodId: number
  price: number
}

/** The operator issues watch codes and lists a good a newcomer can afford. */
export async function operatorSetUp(server: ServerUnderTest, watches: number): Promise<Shop> {
  const operator = new Client(server.base)
  await operator.call('/admin/login', OPERATOR)
  const codes: WatchCode[] = []
  while (codes.length < watches) {
    const batch = await operator.call('/admin/devicebatchadd', {
      model: 'Bench Watch',
      count: Math.min(1000, watches - codes.length),
    })
    codes.push(...(batch.codes as WatchCode[]))
  }
  const { rules } = await new Client(server.base).call('/v1/rules')
  const price = Number(rules.newbie_task_points)
  const goodId = await addGood(operator, price)
  return { operator, codes, goodId, price }
}

/** The operator lists a virtual energy pack (unlimited unless `stock` is given). */
export async function addGood(operator: Client, price: number, stock?: number): Promise<number> {
  const name = { 'us-en': 'Energy pack', 'zh-cn': '能量包', 'zh-hk': '能量包' }
  const good = await operator.call('/admin/goodadd', {
    kind: 'virtual',
    name,
    description: name,
    price,
    fulfilment: 'energy:5',
    ...(stock === undefined ? {} : { stock }),
  })
  return good.id as number
}

/** Receives the newbie "bind a watch" task's points (the watch is bound). */
export async function receiveWatchTask(client: Client): Promise<void> {
  const home = await client.call('/v1/gethome')
  const task = (home.tasks as { id: string; period: string }[]).find((t) => t.id === 'bind_watch')
  await client.call('/v1/taskreceive', { id: 'bind_watch', period: task?.period ?? 'once' })
}

/** Registers with the mailed code; the client is signed in afterwards. */
export async function signUp(server: ServerUnderTest, client: Client, email: string): Promise<void> {
  await client.call('/v1/send', { type: 'email', account: email, scene: 'register' })
  const code = await server.code(email)
  await client.call('/v1/register', {
    type: 'email',
    account: email,
    code,
    password: PASSWORD,
    repassword: PASSWORD,
    agree: '1',
  })
}

export interface Watch {
  token: string
  /** Its owner's address. */
  ip: string | undefined
}

/** Binds the watch and fetches its device token. */
export async function bindWatch(client: Client, code: WatchCode): Promise<Watch> {
  await client.call('/v1/binding', { ...code })
  const answer = await devicePost(client.base, deviceApi.DEVICE_TOKEN_PATH, code, { ip: client.ip })
  return { token: answer.token as string, ip: client.ip }
}

/**
 * A watch's upload of `minutes` minutes from `from` (seconds): heart rate every 5 s, steps
 * each minute, and — for a whole day — the night's sleep, a walk, SpO2 and blood
 * pressure.
 */
export function watchData(from: number, minutes: number): deviceApi.UploadBody {
  const heart_rate = Array.from({ length: minutes * 12 }, (_, i) => ({
    t: from + i * 5,
    bpm: 62 + ((i * 7) % 50),
  }))
  const steps = Array.from({ length: minutes }, (_, i) => ({ t: from + i * 60, count: (i * 13) % 120 }))
  const day = minutes >= 1440
  return {
    sent_at: Math.floor(Date.now() / 1000),
    heart_rate,
    steps,
    ...(day && {
      sleep: [
        { start: from + 60, end: from + 3 * 3600, stage: 'light' as const },
        { start: from + 3 * 3600, end: from + 5 * 3600, stage: 'deep' as const },
        { start: from + 5 * 3600, end: from + 7 * 3600, stage: 'rem' as const },
      ],
      workouts: [
        { start: from + 18 * 3600, end: from + 19 * 3600, type: 'walk' as const, distance_m: 5000, steps: 6500 },
      ],
      spo2: [{ t: from + 9 * 3600, percent: 97 }],
      blood_pressure: [{ t: from + 9 * 3600, systolic: 118, diastolic: 76 }],
    }),
  }
}

export async function upload(base: string, watch: Watch, body: deviceApi.UploadBody): Promise<void> {
  await devicePost(base, deviceApi.DEVICE_SAMPLES_PATH, body, watch)
}

export interface OwnWallet {
  id: number
  address: `0x${string}`
  privateKey: `0x${string}`
  bnbCoinId: number
}

/** Creates a wallet as the browser does (a fresh key, its vault) and stores it. */
export async function createWallet(client: Client): Promise<OwnWallet> {
  const privateKey = generatePrivateKey()
  const { address } = accountFromPrivateKey(privateKey)
  const vault = await sealVault(privateKey)
  // proof of control, signed here as the browser signs it
  const { message } = await client.call('/v1/walletchallenge', { address, purpose: 'create' })
  const { wallet } = await client.call('/v1/walletcreate', {
    name: 'Bench',
    address,
    vault,
    hint: '',
    kind: 'private_key',
    proof: await signProof(privateKey, message as string),
  })
  const home = await client.call('/v1/walletindex')
  const bnb = (home.assets as { id: number; contract: string | null }[]).find((a) => a.contract === null)
  if (!bnb) throw new Error('the wallet lists no BNB')
  return { id: wallet.id, address: address as `0x${string}`, privateKey, bnbCoinId: bnb.id }
}

/** Gives the address 10 BNB on the dev chain (the bench's stand-in for buying BNB elsewhere). */
export async function fund(chainUrl: string, address: string): Promise<void> {
  const response = await fetch(chainUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'hardhat_setBalance',
      params: [address, '0x8ac7230489e80000'],
    }),
  })
  const json = (await response.json()) as { error?: unknown }
  if (json.error) throw new Error(`funding failed: ${JSON.stringify(json.error)}`)
}

/** The send flow of the wallet page (0.001 BNB): terms and fee, signed here, broadcast and recorded by the server. */
export async function sendBnb(client: Client, wallet: OwnWallet, to: `0x${string}`): Promise<void> {
  const base = { wallet_id: wallet.id, coin_id: wallet.bnbCoinId }
  const terms = await client.call('/v1/gettransfer', base)
  const fee = await client.call('/v1/gas_price', { ...base, to, amount: '0.001' })
  const tier = (fee.tiers as { tier: string; gas_price: string }[]).find((t) => t.tier === 'recommend')!
  const raw = await signTransfer(wallet.privateKey, {
    chainId: terms.chain_id,
    nonce: terms.nonce,
    gasPrice: BigInt(tier.gas_price),
    gasLimit: BigInt(fee.gas_limit),
    to,
    amount: 10n ** 15n,
  })
  await client.call('/v1/transaction', { wallet_id: wallet.id, raw })
}
