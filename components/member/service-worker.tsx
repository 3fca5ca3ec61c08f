'use client';
import { useEffect } from 'react';
import { registerServiceWorker } from '@/lib/client/push';

/** Registers the service worker (pushes and their clicks) on member pages only: public pages ship no script for it. */
export function ServiceWorker() {
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  return null;
}
