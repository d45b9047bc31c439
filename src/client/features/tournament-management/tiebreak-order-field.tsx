import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  DEFAULT_TIEBREAK_ORDER,
  FIDE_TIEBREAK_ORDER,
  TIEBREAK_INFO,
  TIEBREAK_KEYS,
  TIEBREAK_ORDER_LOCKED_MESSAGE,
  type TiebreakKey,
  tiebreakOrderText,
} from '../../../domain/scoring/tiebreak-keys';
import { Button } from '../../components/ui/button';
import { controlClass } from '../../components/ui/field';

/**
 * The tournament's tie-break order (FIDE C.07 Art. 4.1): an ordered list with up / down / remove buttons,
 * a list to add from, and the two usual presets. Locked (read-only, with the reason) once round 1 is paired.
 */
export function TiebreakOrderField({
  value,
  onChange,
  locked = false,
  error,
}: {
  value: readonly TiebreakKey[];
  onChange: (order: TiebreakKey[]) => void;
  locked?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  const available = TIEBREAK_KEYS.filter((key) => !value.includes(key));
  const [adding, setAdding] = useState<TiebreakKey | ''>('');
  const toAdd = adding && available.includes(adding) ? adding : (available[0] ?? '');
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [key] = next.splice(index, 1);
    next.splice(index + by, 0, key!);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-summary`}>
      <legend className="text-sm font-semibold text-fg">Tie-break order</legend>
      <p id={`${id}-summary`} className="text-sm text-muted">
        {locked
          ? `${TIEBREAK_ORDER_LOCKED_MESSAGE} ${tiebreakOrderText(value)}.`
          : `Players level on points are separated in this order: ${tiebreakOrderText(value)}. It can be changed until round 1 is paired.`}
      </p>
      {value.length === 0 ? (
        <p className="text-sm text-muted">No tie-breaks: players level on points share a place.</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {value.map((key, index) => {
            const info = TIEBREAK_INFO[key];
            return (
              <li
                key={key}
                className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-line px-3 py-1.5 text-sm"
              >
                <span className="w-5 tabular-nums text-muted">{index + 1}.</span>
                <span className="min-w-56 flex-1">
                  <span className="font-semibold text-fg">
                    {info.abbr === info.name ? info.name : `${info.abbr} — ${info.name}`}
                  </span>
                  <span className="block text-xs text-muted">{info.meaning}</span>
                </span>
                {locked ? null : (
                  <span className="ml-auto flex shrink-0 gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${info.abbr} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${info.abbr} down`}
                      disabled={index === value.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${info.abbr}`}
                      onClick={() => onChange(value.filter((other) => other !== key))}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {locked ? null : (
        <div className="flex flex-wrap items-end gap-2">
          {available.length > 0 ? (
            <>
              <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-add`}>
                <span className="font-medium text-fg">Add a tie-break</span>
                <select
                  id={`${id}-add`}
                  value={toAdd}
                  onChange={(event) => setAdding(event.target.value as TiebreakKey)}
                  className={controlClass}
                >
                  {available.map((key) => (
                    <option key={key} value={key}>
                      {TIEBREAK_INFO[key].abbr === TIEBREAK_INFO[key].name
                        ? TIEBREAK_INFO[key].name
                        : `${TIEBREAK_INFO[key].abbr} — ${TIEBREAK_INFO[key].name}`}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  if (toAdd) onChange([...value, toAdd]);
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add
              </Button>
            </>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => onChange([...DEFAULT_TIEBREAK_ORDER])}>
            Points, then rating (default)
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange([...FIDE_TIEBREAK_ORDER])}>
            FIDE Swiss order
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-loss">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
