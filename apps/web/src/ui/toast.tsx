// Short confirmations and failures (book switched, code sent, server messages), announced to screen readers.
import { useSyncExternalStore } from 'react';

type Toast = { id: number; text: string; tone: 'info' | 'error' | 'success' };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const visibleMs = 3500;

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(text: string, tone: Toast['tone'] = 'info'): void {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { id, text, tone }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, visibleMs);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
