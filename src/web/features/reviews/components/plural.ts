/** A count and its noun, in Indian digit grouping: "1 rating", "1,250 ratings". */
export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
