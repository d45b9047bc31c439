import { Moon, Palette, Sun } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { THEME_LABELS, THEMES, type Theme, useTheme } from '../../lib/theme';

const icons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, custom: Palette };

/** Light / Dark / Custom as a radio group (SPEC §9: stored under 'app-theme'). */
export function ThemePicker() {
  const [theme, setTheme] = useTheme();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-on-band">Theme</legend>
      <div className="inline-flex rounded-xl border border-white/20 bg-white/5 p-1">
        {THEMES.map((option) => {
          const Icon = icons[option];
          return (
            <label
              key={option}
              className={cx(
                'flex cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium has-focus-visible:outline-3 has-focus-visible:outline-focus',
                theme === option ? 'bg-accent text-on-accent' : 'text-on-band hover:bg-white/10',
              )}
            >
              <input
                type="radio"
                name="theme"
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
