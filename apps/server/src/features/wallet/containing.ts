/** `%text%` for ILIKE with the wildcards in `text` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
