// An in-app link: a real href (open in a new tab works), client-side navigation on a plain click.
import type { MouseEvent, ReactNode } from 'react';
import { hrefOf, navigate, type Route } from '../app/router.ts';

export function Link({
  to,
  current,
  className,
  children,
}: {
  to: Route;
  current?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={hrefOf(to)} className={className} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </a>
  );
}
