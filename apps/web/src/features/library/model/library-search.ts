/** Filter values a library call sends; empty ones are left out of the query string. */
export type LibraryFilters = Record<string, string | number | null | undefined>;

/** `?a=1&b=x` for the filters that have a value, or '' when none has. */
export function searchOf(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') params.set(name, text);
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Spec §2: the library search is case-insensitive on the name. */
export function matchesName(name: string, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase();
  return wanted === '' || name.toLocaleLowerCase().includes(wanted);
}

/** A search worth sending to the server: trimmed, or undefined when empty. */
export function queryOf(search: string): string | undefined {
  const query = search.trim();
  return query === '' ? undefined : query;
}
