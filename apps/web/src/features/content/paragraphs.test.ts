import { describe, expect, it } from 'vitest'
import { paragraphs } from './paragraphs'

describe('paragraphs', () => {
  it('splits an article on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphs('One\nstill one\n\n  \nTwo\r\n\r\nThree  ')).toEqual(['One\nstill one', 'Two', 'Three'])
  })

  it('gives nothing for blank text and keeps markup as plain text', () => {
    expect(paragraphs(' \n\n ')).toEqual([])
    expect(paragraphs('<b>bold</b>')).toEqual(['<b>bold</b>'])
  })
})
