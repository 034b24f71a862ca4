import { Client, registerUser, type TestApp } from '../../../test/harness.ts'

let seq = 0

/** Creates (or resets) a console operator as the CLI does (`npm run admin:create`). */
export const createOperatorOn = (app: Pick<TestApp, 'features'>, email: string, password: string) =>
  app.features.admin.admin.createOperator(email, password)

/** A console client: an operator created as the CLI does, signed in through `/admin/login`. */
export async function operatorClient(app: TestApp, email = `ops-${++seq}@example.com`) {
  const password = 'operator-password-1'
  await createOperatorOn(app, email, password)
  const client = new Client(app.server)
  const { body } = await adminCall(client, '/admin/login', { email, password })
  if (body.code !== true) throw new Error(`operator login failed: ${JSON.stringify(body)}`)
  return { client, email, id: body.data.operator.id as number }
}

/** Posts a console operation to /v1/admin/index with this client's cookies. */
export function adminCall(client: Client, method: string, params: Record<string, unknown> = {}, lang = 'us-en') {
  return client.call(method, params, { path: '/v1/admin/index', lang })
}

/** Two signed-in users, Alice and Bob, and a signed-in operator: the cast of the support tests. */
export async function usersAndOperator(app: TestApp, label: string) {
  const alice = new Client(app.server)
  const bob = new Client(app.server)
  const aliceId = (await registerUser(alice, `alice-${label}@example.com`)).id
  const bobId = (await registerUser(bob, `bob-${label}@example.com`)).id
  const ops = (await operatorClient(app)).client
  return { alice, bob, aliceId, bobId, ops }
}
