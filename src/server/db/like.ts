/**
 * A LIKE pattern, for `lower(column) like ? escape '\'`, that matches text holding `words`
 * anywhere, in any case: `%`, `_` and `\` in them match only themselves.
 */
export function containing(words: string): string {
  return `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
