import Link from 'next/link';
import type { ReactNode } from 'react';

/** Tags of the catalogues' rich texts (`t.rich`): `<strong>` and a `<link>` to a page of the app. */
export const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export const linkTo =
  (href: string, className = 'underline') =>
  (chunks: ReactNode) => (
    <Link href={href} className={className}>
      {chunks}
    </Link>
  );
