// Dark and light themes: prefers-color-scheme by default, a stored choice when the user toggles.
import { useSyncExternalStore } from 'react';
import { readTheme, writeTheme, type ThemeChoice } from './storage.ts';

const listeners = new Set<() => void>();
let choice: ThemeChoice = readTheme();
const darkQuery = typeof window === 'undefined' ? null : window.matchMedia('(prefers-color-scheme: dark)');

export function effectiveTheme(): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return darkQuery?.matches === false ? 'light' : 'dark';
}

function apply(): void {
  document.documentElement.dataset.theme = effectiveTheme();
  for (const listener of listeners) listener();
}

export function startTheme(): void {
  apply();
  darkQuery?.addEventListener('change', apply);
}

export function toggleTheme(): void {
  choice = effectiveTheme() === 'dark' ? 'light' : 'dark';
  writeTheme(choice);
  apply();
}

export function useTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    effectiveTheme,
    effectiveTheme,
  );
}
