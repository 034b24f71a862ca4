import { admin, shop, WIRE_LANGS, wireLang, type Texts, type WireLang } from '@kinetic/protocol'
import { useMutation } from '@tanstack/react-query'
import { Button, Input, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleRefresh, useGoodsQuery } from '../admin.queries'
import { consoleCall } from '../api'
import { fieldsOf, toastError, toastOk } from '../ui'

/** The fields of a good whose problems the server names. */
type ProblemField = 'kind' | 'fulfilment' | 'price' | 'stock' | `name.${WireLang}` | `description.${WireLang}`

/** What a good grants: nothing (physical), the fitness analysis, or N energy / KNT. */
const GRANTS = ['', 'physical_fitness', 'energy', 'knt'] as const
type Grant = (typeof GRANTS)[number]

interface Draft {
  id?: number
  kind: shop.Good['kind']
  name: Texts
  description: Texts
  price: string
  stock: string
  grant: Grant
  amount: string
  active: boolean
}
const blank = (): Texts => ({ 'zh-cn': '', 'us-en': '', 'zh-hk': '' })
const newDraft = (): Draft => ({
  kind: 'physical',
  name: blank(),
  description: blank(),
  price: '',
  stock: '',
  grant: '',
  amount: '',
  active: true,
})
function draftOf(g: admin.ConsoleGood): Draft {
  const [grant = '', amount = ''] = g.fulfilment.split(':')
  return {
    id: g.id,
    kind: g.kind,
    name: { ...blank(), ...g.name },
    description: { ...blank(), ...g.description },
    price: String(g.price),
    stock: g.stock === null ? '' : String(g.stock),
    grant: grant as Grant,
    amount,
    active: g.active,
  }
}
const fulfilmentOf = (d: Draft) => (d.grant === 'energy' || d.grant === 'knt' ? `${d.grant}:${d.amount}` : d.grant)

/** Goods of both kinds, on sale or not: add, edit, and add or remove units of stock. */
export function GoodsPage() {
  const { t, i18n } = useTranslation()
  const refreshGoods = useConsoleRefresh()
  const [draft, setDraft] = useState<Draft>(newDraft)
  const [deltas, setDeltas] = useState<Record<number, string>>({})
  const goods = useGoodsQuery()
  const refresh = () => refreshGoods(admin.goods)
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const fields = {
        kind: d.kind,
        name: d.name,
        description: d.description,
        price: d.price,
        fulfilment: fulfilmentOf(d),
        active: d.active,
      }
      if (d.id === undefined) await consoleCall(admin.goodAdd, { ...fields, stock: d.stock })
      else await consoleCall(admin.goodEdit, { ...fields, id: d.id })
    },
    onSuccess: () => {
      toastOk(t('admin.toast.submitted'))
      setDraft(newDraft())
      refresh()
    },
  })
  const stock = useMutation({
    mutationFn: (p: { id: number; delta: string }) => consoleCall(admin.stock, p),
    onSuccess: (_data, p) => {
      toastOk(t('admin.toast.modified'))
      setDeltas((current) => ({ ...current, [p.id]: '' }))
      refresh()
    },
    onError: toastError,
  })
  const problems = fieldsOf(save.error)
  const problem = (field: ProblemField) => problems[field] && <span className="error">{problems[field]}</span>
  const edit = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }))
  const lang = wireLang(i18n.language)

  return (
    <>
      <h1>{t('admin.nav.goods')}</h1>
      <table className="audit card" aria-label={t('admin.nav.goods')}>
        <thead>
          <tr>
            <th>{t('admin.goods.name')}</th>
            <th>{t('admin.goods.kind')}</th>
            <th>{t('admin.goods.price')}</th>
            <th>{t('admin.goods.stock')}</th>
            <th>{t('admin.goods.sold')}</th>
            <th>{t('admin.goods.active')}</th>
            <th>{t('admin.goods.adjust')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {goods.data?.list.map((g) => (
            <tr key={g.id} data-testid={`good-${g.id}`}>
              <td>
                #{g.id} {g.shown_name[lang]}
                <div className="muted">
                  {g.fulfilment && `${t(`admin.goods.grant.${draftOf(g).grant || 'none'}`)} ${draftOf(g).amount}`}
                </div>
              </td>
              <td>{t(`admin.goods.kinds.${g.kind}`)}</td>
              <td>{g.price}</td>
              <td>{g.stock ?? t('admin.goods.unlimited')}</td>
              <td>{g.sold}</td>
              <td>{g.active ? t('admin.goods.onSale') : t('admin.goods.offSale')}</td>
              <td>
                {g.stock !== null && (
                  <div className="actions">
                    <Input
                      className="box"
                      style={{ width: 80 }}
                      value={deltas[g.id] ?? ''}
                      onChange={(value) => setDeltas((current) => ({ ...current, [g.id]: value }))}
                      placeholder={t('admin.goods.deltaPlaceholder')}
                      aria-label={`${t('admin.goods.adjust')} #${g.id}`}
                    />
                    <Button
                      size="small"
                      loading={stock.isPending && stock.variables.id === g.id}
                      onClick={() => stock.mutate({ id: g.id, delta: (deltas[g.id] ?? '').replace('+', '') })}
                    >
                      {t('admin.goods.apply')}
                    </Button>
                  </div>
                )}
              </td>
              <td>
                <Button size="small" onClick={() => setDraft(draftOf(g))}>
                  {t('admin.goods.edit')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <form
        className="card"
        aria-label={t('admin.goods.form')}
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate(draft)
        }}
      >
        <h2>{draft.id === undefined ? t('admin.goods.add') : `${t('admin.goods.edit')} #${draft.id}`}</h2>
        <div className="actions">
          <label className="field">
            <span>{t('admin.goods.kind')}</span>
            <select
              className="box"
              value={draft.kind}
              onChange={(e) => {
                const kind = e.target.value as Draft['kind']
                edit({ kind, grant: kind === 'physical' ? '' : draft.grant || 'physical_fitness' })
              }}
            >
              {shop.GOOD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`admin.goods.kinds.${k}`)}
                </option>
              ))}
            </select>
            {problem('kind')}
          </label>
          <label className="field">
            <span>{t('admin.goods.fulfilment')}</span>
            <select
              className="box"
              value={draft.grant}
              onChange={(e) => edit({ grant: e.target.value as Grant })}
              disabled={draft.kind === 'physical'}
            >
              {GRANTS.filter((g) => (draft.kind === 'physical') === (g === '')).map((g) => (
                <option key={g} value={g}>
                  {t(`admin.goods.grant.${g || 'none'}`)}
                </option>
              ))}
            </select>
            {problem('fulfilment')}
          </label>
          {(draft.grant === 'energy' || draft.grant === 'knt') && (
            <label className="field">
              <span>{t('admin.goods.amount')}</span>
              <Input className="box" value={draft.amount} onChange={(amount) => edit({ amount })} />
            </label>
          )}
          <label className="field">
            <span>{t('admin.goods.price')}</span>
            <Input className="box" value={draft.price} onChange={(price) => edit({ price })} />
            {problem('price')}
          </label>
          {draft.id === undefined && (
            <label className="field">
              <span>{t('admin.goods.stock')}</span>
              <Input
                className="box"
                value={draft.stock}
                onChange={(value) => edit({ stock: value })}
                placeholder={t('admin.goods.unlimited')}
              />
              {problem('stock')}
            </label>
          )}
          <label className="field">
            <span>{t('admin.goods.active')}</span>
            <input type="checkbox" checked={draft.active} onChange={(e) => edit({ active: e.target.checked })} />
          </label>
        </div>
        {WIRE_LANGS.map((l) => (
          <fieldset key={l} className="field" style={{ border: 0, padding: 0 }}>
            <span>{t(`admin.lang.${l}`)}</span>
            <Input
              className="box"
              value={draft.name[l]}
              onChange={(value) => edit({ name: { ...draft.name, [l]: value } })}
              maxLength={admin.GOOD_NAME_MAX}
              placeholder={t('admin.goods.name')}
              aria-label={`${t('admin.goods.name')} (${t(`admin.lang.${l}`)})`}
            />
            {problem(`name.${l}`)}
            <TextArea
              className="box"
              value={draft.description[l]}
              onChange={(value) => edit({ description: { ...draft.description, [l]: value } })}
              rows={2}
              maxLength={admin.GOOD_DESCRIPTION_MAX}
              placeholder={t('admin.goods.description')}
              aria-label={`${t('admin.goods.description')} (${t(`admin.lang.${l}`)})`}
            />
            {problem(`description.${l}`)}
          </fieldset>
        ))}
        {draft.grant === 'physical_fitness' && <p className="muted">{t('admin.goods.daysHint')}</p>}
        {save.error && Object.keys(problems).length === 0 && <p className="error">{save.error.message}</p>}
        <div className="actions">
          <Button type="submit" color="primary" loading={save.isPending}>
            {t('admin.save')}
          </Button>
          {draft.id !== undefined && <Button onClick={() => setDraft(newDraft())}>{t('admin.goods.cancel')}</Button>}
        </div>
      </form>
    </>
  )
}
