'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { signOutAndGoHome } from '@/lib/client/sign-out';
import type { Prefix } from '@/lib/i18n/locales';

/** Signs out (the dashboard's button, the header's account menu), then goes home with a toast. */
export function SignOutButton({
  prefix,
  labels,
  className,
}: {
  prefix: Prefix;
  labels: { signOut: string; signedOut: string; network: string };
  className: string;
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      className={className}
      onClick={async () => {
        setPending(true);
        if (!(await signOutAndGoHome(prefix, labels, router))) setPending(false);
      }}
    >
      {labels.signOut}
    </button>
  );
}
