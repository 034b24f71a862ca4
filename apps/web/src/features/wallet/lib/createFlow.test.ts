import { afterEach, describe, expect, it } from 'vitest'
import { clearCreateFlow, createDraft, leaveCreateFlow, startCreateFlow, updateCreateDraft } from './createFlow'

afterEach(clearCreateFlow)

describe('the wallet-creation store', () => {
  it('keeps the words in memory only, never in storage', () => {
    startCreateFlow({ name: 'Main', password: 'password1', hint: '' })
    updateCreateDraft({ mnemonic: 'alpha beta gamma' })
    expect(createDraft()?.mnemonic).toBe('alpha beta gamma')
    expect(JSON.stringify({ ...localStorage })).not.toContain('alpha')
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('alpha')
  })

  it('survives moving between the flow screens and is cleared on leaving them', () => {
    startCreateFlow({ name: 'Main', password: 'password1', hint: '' })
    updateCreateDraft({ mnemonic: 'alpha beta gamma' })
    leaveCreateFlow('#/mnemonicWords')
    leaveCreateFlow('#/mnemonicWordsVerify?x=1')
    expect(createDraft()).not.toBeNull()
    leaveCreateFlow('#/spot')
    expect(createDraft()).toBeNull()
  })
})
