// A tab strip over one honest empty list, for the record and order screens before their data exists.
import { useState } from 'react';
import { EmptyState } from '../../ui/kit.tsx';

export function TabbedEmpty({
  label,
  tabs,
  empty,
}: {
  label: string;
  tabs: readonly string[];
  empty: string;
}) {
  const [active, setActive] = useState(0);
  return (
    <div className="card">
      <div className="chips" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={i === active}
            className={i === active ? 'chip chip-on' : 'chip'}
            onClick={() => setActive(i)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <EmptyState title={empty} />
      </div>
    </div>
  );
}
