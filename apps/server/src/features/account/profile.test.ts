import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts'
import { testZone } from '../../platform/test-clock.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

let seq = 0
async function signedIn() {
  const client = new Client(app.server)
  const user = await registerUser(client, `profile-${++seq}@example.com`)
  return { client, user }
}

const profileOf = async (client: Client) => (await client.call('/v1/userinfo')).body.data as Record<string, unknown>

describe('profile (/v1/userinfo, /v1/infoedit)', () => {
  it('starts with the defaults: no profile values, the zone it registered in, no authenticator', async () => {
    const { client, user } = await signedIn()
    expect(await profileOf(client)).toMatchObject({
      id: user.id,
      gender: '',
      birthday: '',
      height: null,
      weight: null,
      stride: null,
      hr_zone: null,
      time_zone: testZone(),
      google_bound: false,
      lang: 'us-en', // the language it registered in
    })
  })

  it('edits every field and answers the new profile; what is left out stays', async () => {
    const { client } = await signedIn()
    const edit = {
      nickname: ' Runner ',
      gender: 'female',
      birthday: '1990-05-17',
      height: '168',
      weight: '57',
      stride: '70',
      hr_zone: '185',
      time_zone: 'america/new_york',
    }
    const { body } = await client.call('/v1/infoedit', edit)
    const expected = {
      nickname: 'Runner',
      gender: 'female',
      birthday: '1990-05-17',
      height: 168,
      weight: 57,
      stride: 70,
      hr_zone: 185,
      time_zone: 'America/New_York',
    }
    expect(body).toMatchObject({ code: true, data: expected })
    expect(await profileOf(client)).toMatchObject(expected)

    await client.call('/v1/infoedit', { weight: '56.5', hr_zone: '0' })
    expect(await profileOf(client)).toMatchObject({ ...expected, weight: 56.5, hr_zone: null })
  })

  it.each([
    { params: { height: '20' }, error: 'HEIGHT_RANGE', field: 'height', msg: 'Height must be between 50 and 250 cm' },
    { params: { weight: '301' }, error: 'WEIGHT_RANGE', field: 'weight', msg: 'Weight must be between 20 and 300 kg' },
    {
      params: { stride: '10' },
      error: 'STRIDE_RANGE',
      field: 'stride',
      msg: 'Natural stride must be between 30 and 150 cm',
    },
    { params: { hr_zone: '99' }, error: 'HR_MAX_RANGE', field: 'hr_zone' },
    {
      params: { weight: 'heavy' },
      error: 'WEIGHT_INVALID',
      field: 'weight',
      msg: 'Enter the weight in kg as a number with at most one decimal',
    },
    { params: { weight: '57.55' }, error: 'WEIGHT_INVALID', field: 'weight' },
    { params: { gender: 'other' }, error: 'FIELD_INVALID', field: 'gender', msg: 'Gender is invalid' },
    { params: { birthday: '2020-02-30' }, error: 'BIRTHDAY_INVALID', field: 'birthday' },
    { params: { birthday: '2999-01-01' }, error: 'BIRTHDAY_INVALID', field: 'birthday' },
    { params: { time_zone: 'Mars/Olympus' }, error: 'TIME_ZONE_INVALID', field: 'time_zone' },
    { params: { nickname: 'x'.repeat(25) }, error: 'FIELD_TOO_LONG', field: 'nickname', msg: 'Nickname is too long' },
  ])('refuses $params with $error naming $field, writing nothing', async ({ params, error, field, msg }) => {
    const { client } = await signedIn()
    const before = await profileOf(client)
    // a valid change alongside is not written either
    const { body } = await client.call('/v1/infoedit', { nickname: 'Changed', ...params })
    expect(body).toMatchObject({ code: false, error })
    if (msg) expect(body.msg).toBe(msg)
    expect(body.fields).toHaveProperty(field)
    expect(await profileOf(client)).toEqual(before)
  })

  it('answers range errors in the request language', async () => {
    const { client } = await signedIn()
    const { body } = await client.call('/v1/infoedit', { height: '300' }, { lang: 'zh-cn' })
    expect(body).toMatchObject({ error: 'HEIGHT_RANGE', msg: '身高须在 50 至 250 厘米之间' })
    const tw = await client.call('/v1/infoedit', { weight: 'x' }, { lang: 'zh-hk' })
    expect(tw.body.msg).toBe('請以公斤為單位輸入體重，最多一位小數')
  })

  it("edits only the acting account's own profile", async () => {
    const { client, user } = await signedIn()
    const { client: other, user: otherUser } = await signedIn()
    // an id in the params is not a way to reach someone else
    await client.call('/v1/infoedit', { id: String(otherUser.id), nickname: 'Mine' })
    expect(await profileOf(client)).toMatchObject({ id: user.id, nickname: 'Mine' })
    expect(await profileOf(other)).toMatchObject({ id: otherUser.id, nickname: `profile-${seq}` })
  })
})
