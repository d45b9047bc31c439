import { useCallback, useSyncExternalStore } from 'react';

/**
 * Themes (docs/requirements.md §9): light (default), dark and custom. 'custom' is the "Clubhouse" palette: walnut header
 * and hero on parchment, the colours of a wooden chessboard, for schools that want a warmer look. It is a
 * fixed, contrast-checked palette rather than free colour picking, so no choice can make text unreadable.
 * public/theme-init.js applies the stored theme before the first paint and must agree with this file.
 */
export const THEMES = ['light', 'dark', 'custom'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'app-theme';
export const DEFAULT_THEME: Theme = 'light';
export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', custom: 'Custom' };

export function parseTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

export function readStoredTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('theme-custom', theme === 'custom');
}

const listeners = new Set<() => void>();
let current: Theme | null = null;

function getTheme(): Theme {
  current ??= readStoredTheme();
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice lasts for this visit only.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, () => DEFAULT_THEME);
  return [theme, useCallback((next: Theme) => setTheme(next), [])];
}
