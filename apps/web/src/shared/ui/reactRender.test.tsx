import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { render, unmount } from './reactRender'

// React's act() environment flag, as testing libraries set it
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

describe('the render antd-mobile layers use', () => {
  it('renders into a container, re-renders in place and unmounts', async () => {
    const container = document.createElement('div')
    await act(async () => render(<p>first</p>, container))
    expect(container.innerHTML).toBe('<p>first</p>')
    await act(async () => render(<p>second</p>, container))
    expect(container.innerHTML).toBe('<p>second</p>')
    await act(async () => unmount(container))
    expect(container.innerHTML).toBe('')
  })
})
