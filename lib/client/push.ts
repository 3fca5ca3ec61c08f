'use client';

// Web push in the browser (issue 23): the service worker (public/sw.js, registered on member pages)
// and this browser's subscription, which the member turns on from messagerie or parametres.

export const serviceWorkerPath = '/sw.js';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** Registers the service worker (member pages); a new build's file replaces the old one by itself. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register(serviceWorkerPath, { scope: '/' }).catch(() => null);
}

async function subscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(serviceWorkerPath);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser can, may and does receive the member's pushes. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await subscription()) ? 'on' : 'off';
}

const base64urlBytes = (text: string) => {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

type Api = <T>(path: string, body?: unknown, method?: string) => Promise<T>;

/** Asks the permission, subscribes this browser and tells the server; answers the new state. */
export async function enablePush(api: Api): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = (await registerServiceWorker()) ?? (await navigator.serviceWorker.ready);
  await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('push/key');
  let current = await registration.pushManager.getSubscription();
  if (current && current.options.applicationServerKey) {
    const key = new Uint8Array(current.options.applicationServerKey);
    const wanted = base64urlBytes(publicKey);
    if (key.length !== wanted.length || key.some((byte, i) => byte !== wanted[i])) {
      await current.unsubscribe();
      current = null;
    }
  }
  const browser =
    current ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64urlBytes(publicKey),
    }));
  const { endpoint, keys } = browser.toJSON();
  await api('push/subscriptions', { endpoint, keys });
  return 'on';
}

/** Unsubscribes this browser, here and on the server. */
export async function disablePush(api: Api): Promise<PushState> {
  const current = await subscription();
  if (current) {
    await api('push/subscriptions', { endpoint: current.endpoint }, 'DELETE').catch(() => undefined);
    await current.unsubscribe();
  }
  return pushState();
}
