import { Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { controlClass } from './field';

/** A search form: typing filters as it goes, so Enter does nothing. */
export function SearchForm({ className, children }: { className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and jsdom
    <form role="search" onSubmit={(event) => event.preventDefault()} className={className}>
      {children}
    </form>
  );
}

/** A labelled search box with a magnifier inside it. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-fg">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-muted" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          className={`${controlClass} pl-10`}
        />
      </div>
    </>
  );
}
