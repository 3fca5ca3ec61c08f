// Colibri's service worker (issue 23), registered on member pages only: it shows web pushes and opens
// their page when one is clicked. It has no fetch handler and caches nothing, so no page outlives a
// sign-out. A new build's file takes over at once (skipWaiting, then clients.claim).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string' || typeof data.url !== 'string' || !data.url.startsWith('/')) return;
  event.waitUntil(
    self.registration
      .showNotification(data.title, {
        body: data.body,
        tag: data.tag,
        data: { url: data.url },
        icon: '/icons/app-192.png',
        badge: '/icons/app-192.png',
        dir: 'auto',
      })
      // Shown: the server then skips the unread-messages e-mail of that conversation.
      .then(() =>
        fetch('/api/user/v1/push/shown', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tag: data.tag }),
        }).catch(() => undefined),
      ),
  );
});

/** Opens a path of this site: in a tab of the site already open (the focused one first), else a new one. */
async function openPath(path) {
  const url = new URL(path || '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) || windows[0];
  if (open) {
    const moved = await open.navigate(url.href).catch(() => null);
    return (moved || open).focus().catch(() => undefined);
  }
  return self.clients.openWindow(url.href);
}
self.openPath = openPath;

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPath(event.notification.data && event.notification.data.url));
});
