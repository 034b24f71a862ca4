/** Plain-text paragraphs: an article is split on blank lines and never rendered as HTML. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
}
