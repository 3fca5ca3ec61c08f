'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorText } from '@/lib/client/api';
import { toast } from '@/lib/client/toast';

/**
 * An action on one row of a settings list (remove an alert, unblock a member, remove a sign-in method):
 * the row's button waits while it runs, a toast says how it went, and the page's data is read again.
 */
export function useRowAction() {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (row: string, action: () => Promise<unknown>, done: string) => {
    setBusy(row);
    try {
      await action();
      toast(done, 'success');
      router.refresh();
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
