import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CRM_FILTER_KEYS, type CrmFilters, filtersFromParams, filtersToParams } from './crm-filters';

/**
 * The CRM's filters, kept in the address so a view can be shared. The controls read a copy held here, updated at
 * once: the router applies an address change as a transition, and a checkbox drawn from the address alone would
 * flip back until it had (a second quick change would also build on the old address). The address follows every
 * change; a change of the address from elsewhere (back, forward, a link) is followed in turn. The address's other
 * keys (the open task, the board's lanes) are kept.
 */
export function useUrlFilters(): [CrmFilters, (update: (current: CrmFilters) => CrmFilters) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const [filters, setFilters] = useState(() => filtersFromParams(params));
  const current = useRef(filters);
  /** Addresses this hook wrote and the router has not drawn yet: not a change from elsewhere. */
  const written = useRef(new Set<string>());

  useEffect(() => {
    if (written.current.has(query)) {
      written.current.delete(query);
      return;
    }
    const followed = filtersFromParams(new URLSearchParams(query));
    current.current = followed;
    setFilters(followed);
  }, [query]);

  const update = (change: (current: CrmFilters) => CrmFilters) => {
    const next = change(current.current);
    current.current = next;
    setFilters(next);
    const address = new URLSearchParams(window.location.search);
    for (const key of CRM_FILTER_KEYS) address.delete(key);
    for (const [key, value] of filtersToParams(next)) address.set(key, value);
    written.current.add(address.toString());
    setParams(address, { replace: true });
  };
  return [filters, update];
}

/**
 * What a filter form needs: `set` one filter (empty clears it), and the search field's text, which keeps what is
 * typed (spaces included) while the address holds it trimmed; another address (clear, back) resets the field.
 */
export function useFilterControls(
  filters: CrmFilters,
  onChange: (update: (current: CrmFilters) => CrmFilters) => void,
) {
  const set = <K extends keyof CrmFilters>(key: K, value: CrmFilters[K] | undefined) =>
    onChange((current) => {
      const next = { ...current };
      if (value === undefined || value === '') delete next[key];
      else next[key] = value;
      return next;
    });
  const [q, setQ] = useState(filters.q ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only another address (clear, back) resets the field
  useEffect(() => {
    if (q.trim() !== (filters.q ?? '')) setQ(filters.q ?? '');
  }, [filters.q]);
  return { set, q, setQ };
}
