import Link from 'next/link';

/** The links between the pages of a keyset-paged list: back to the newest, and on to older rows. */
export function PageLinks({ label, newest, older }: { label: string; newest: { href: string | null; text: string }; older: { href: string | null; text: string } }) {
  return (
    <nav aria-label={label} className="flex gap-4 text-sm">
      {[newest, older].map(
        (l) =>
          l.href && (
            <Link key={l.text} href={l.href} className="text-blue-700 underline">
              {l.text}
            </Link>
          ),
      )}
    </nav>
  );
}
