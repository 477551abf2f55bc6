// The category tab strip of the home list and the market page.
import type { ReactNode } from 'react';

export type Tab = { id: string; label: ReactNode };

export function CategoryTabs({
  tabs,
  active,
  onSelect,
  label,
  panelId,
}: {
  tabs: readonly Tab[];
  active: string;
  onSelect: (id: string) => void;
  label: string;
  panelId: string;
}) {
  const move = (from: number, by: number) => {
    const next = tabs[(from + by + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    document.getElementById(`${panelId}-tab-${next.id}`)?.focus();
  };
  return (
    <div className="chips mkt-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, i) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            id={`${panelId}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'chip chip-on' : 'chip'}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => {
              // Arrow keys follow the reading direction: in Arabic, left is "next".
              const rtl = document.documentElement.dir === 'rtl';
              if (event.key === 'ArrowRight') move(i, rtl ? -1 : 1);
              else if (event.key === 'ArrowLeft') move(i, rtl ? 1 : -1);
              else return;
              event.preventDefault();
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
