// The earning budgets of DESIGN §10 against the server under test, through the API:
//  - CLAIMS concurrent receives of one task reward by one person pay it exactly once (the
//    points balance grows by one reward);
//  - BUYERS people, each able to pay, buy a good with stock STOCK at once: exactly STOCK
//    orders, the rest answered OUT_OF_STOCK, none left (the console's units left and sold).
import { BenchError, Client } from './client.ts'
import { addGood, bindWatch, receiveWatchTask, signUp, type Shop } from './people.ts'
import type { ServerUnderTest } from './server.ts'

const CLAIMS = 200
const BUYERS = 100
const STOCK = 10

export interface EarningResults {
  claims: number
  claimsPaid: number
  buyers: number
  stock: number
  /** Buys answered with an order, and the units the console counts as sold. */
  sold: number
  soldInConsole: number
  outOfStock: number
  stockLeft: number
}

const points = async (client: Client) => (await client.call('/v1/getstore')).points as number

export async function measureEarning(server: ServerUnderTest, shop: Shop, person: Client): Promise<EarningResults> {
  const before = await points(person)
  await Promise.allSettled(Array.from({ length: CLAIMS }, () => receiveWatchTask(person)))
  const claimsPaid = (await points(person)) - before

  const buyers: Client[] = []
  for (let group = 0; group < BUYERS; group += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, BUYERS - group) }, async (_, i) => {
        const client = new Client(server.base, `10.253.0.${group + i + 1}`)
        await signUp(server, client, `buyer-${group + i}@bench.test`)
        await bindWatch(client, shop.codes.pop()!)
        await receiveWatchTask(client)
        return client
      }),
    )
    buyers.push(...made)
  }
  const goodId = await addGood(shop.operator, shop.price, STOCK)
  const outcomes = await Promise.allSettled(
    buyers.map((client, i) => client.call('/v1/poststore', { id: goodId, request_id: `stock-${i}` })),
  )
  const sold = outcomes.filter((o) => o.status === 'fulfilled').length
  const outOfStock = outcomes.filter(
    (o) => o.status === 'rejected' && o.reason instanceof BenchError && o.reason.answer.includes('OUT_OF_STOCK'),
  ).length
  const goods = (await shop.operator.call('/admin/goods', { page: 1, limit: 100 })).list as {
    id: number
    stock: number | null
    sold: number
  }[]
  const good = goods.find((g) => g.id === goodId)
  return {
    claims: CLAIMS,
    claimsPaid: claimsPaid / shop.price,
    buyers: BUYERS,
    stock: STOCK,
    sold,
    soldInConsole: good?.sold ?? -1,
    outOfStock,
    stockLeft: good?.stock ?? -1,
  }
}
