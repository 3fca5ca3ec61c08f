import Link from 'next/link';
import { ArrowIcon } from '@/components/ui/icons';

/** Back to the dashboard, above a member screen's title: the arrow points back in either direction. */
export function BackLink({ href, label, navLabel }: { href: string; label: string; navLabel: string }) {
  return (
    <nav aria-label={navLabel} className="text-muted text-sm">
      <Link href={href} className="inline-flex items-center gap-1.5 underline">
        <ArrowIcon className="size-4 rotate-180" />
        {label}
      </Link>
    </nav>
  );
}
