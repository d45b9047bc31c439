import { useEffect, useState } from 'react';

/**
 * What is typed in a search box (`draft`) and, once typing pauses for `delayMs`, the trimmed term to
 * search for (`search`): one request per pause, not per key.
 */
export function useDebouncedSearch(delayMs: number) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs]);
  return { draft, setDraft, search };
}
