/**
 * A value a request names by key (`filter[…]`, a field, a parameter), looked up in the record's
 * own entries only: `constructor`, `valueOf` or `__proto__` never reach Object.prototype.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
