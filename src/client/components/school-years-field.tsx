import { SCHOOL_YEAR_VALUES, type SchoolYear } from '../../domain/registration';
import { CheckboxField } from './ui/field';

/** A tick box per school year (prize categories and sections by school year), in the years' order. */
export function SchoolYearsField({
  value,
  onChange,
  className,
}: {
  value: readonly SchoolYear[];
  onChange: (years: SchoolYear[]) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="text-sm font-semibold text-fg">School years</legend>
      <div className="grid gap-x-4 sm:grid-cols-3">
        {SCHOOL_YEAR_VALUES.map((year) => (
          <CheckboxField
            key={year}
            label={year}
            checked={value.includes(year)}
            onChange={(event) =>
              onChange(
                SCHOOL_YEAR_VALUES.filter((other) =>
                  other === year ? event.target.checked : value.includes(other),
                ),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
