/**
 * The upper bound of the strings that start with `prefix`: its last character moved up by one
 * ("ab" -> "ac"). `>= prefix and < bound` is a prefix match an index serves as a range (SQLite's LIKE
 * is not, on a column without NOCASE), and it holds under PostgreSQL's collations too.
 */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}
