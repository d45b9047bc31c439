import { Moon, Palette, Sun } from 'lucide-react';
import { useId } from 'react';
import { cx } from '../../components/ui/cx';
import { THEME_LABELS, THEMES, type Theme, useTheme } from '../../lib/theme';

const icons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, custom: Palette };

const tones = {
  band: {
    legend: 'mb-2 text-sm font-semibold text-on-band',
    group: 'border-white/20 bg-white/5',
    idle: 'text-on-band hover:bg-white/10',
  },
  surface: {
    legend: 'mb-2 text-sm font-semibold text-fg',
    group: 'border-line bg-surface-muted',
    idle: 'text-fg hover:bg-surface',
  },
};

/** Light / Dark / Custom as a radio group (docs/requirements.md §9: stored under 'app-theme'), on the dark band or a card. */
export function ThemePicker({ tone = 'band' }: { tone?: keyof typeof tones }) {
  const [theme, setTheme] = useTheme();
  const classes = tones[tone];
  const name = useId();
  return (
    <fieldset>
      <legend className={classes.legend}>Theme</legend>
      <div className={cx('inline-flex rounded-xl border p-1', classes.group)}>
        {THEMES.map((option) => {
          const Icon = icons[option];
          return (
            <label
              key={option}
              className={cx(
                'flex cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium has-focus-visible:outline-3 has-focus-visible:outline-focus',
                theme === option ? 'bg-accent text-on-accent' : classes.idle,
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4" />
              {THEME_LABELS[option]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
