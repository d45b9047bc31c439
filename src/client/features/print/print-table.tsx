import type { ReactNode } from 'react';
import { cx } from '../../components/ui/cx';

/** A column of a printed table: its header (text or an abbreviation) and the header cell's extra classes. */
export interface PrintColumn {
  key: string;
  label: ReactNode;
  className?: string;
}

/**
 * A titled, bordered table of a print sheet: the section with its h2, the header row from `columns` (each
 * header cell `headClass` plus the column's own classes), the rows, and what follows the table (`footer`).
 */
export function PrintTable({
  id,
  title,
  className,
  headClass,
  columns,
  children,
  footer,
}: {
  id: string;
  title: string;
  className?: string;
  headClass: string;
  columns: PrintColumn[];
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      <div className="overflow-x-auto print:overflow-visible">
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={cx(headClass, column.className)}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {footer}
    </section>
  );
}
