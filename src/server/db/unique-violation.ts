/** A unique constraint or index refused the write, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message ?? ''}`;
  return /23505|SQLITE_CONSTRAINT_UNIQUE|UNIQUE constraint failed|duplicate key/i.test(text);
}
