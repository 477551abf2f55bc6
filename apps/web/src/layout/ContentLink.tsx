// A link to a server content page (/detail?id&title); it does nothing when that page is already open.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

export function detailHref(id: string, title: string): string {
  return `/detail?${new URLSearchParams({ id, title }).toString()}`;
}

export function ContentLink({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  const location = useLocation();
  const isOpen = location.pathname === '/detail' && new URLSearchParams(location.search).get('id') === id;
  return (
    <Link
      to={detailHref(id, title)}
      aria-current={isOpen ? 'page' : undefined}
      onClick={(event) => {
        if (isOpen) event.preventDefault();
      }}
    >
      {children ?? title}
    </Link>
  );
}
