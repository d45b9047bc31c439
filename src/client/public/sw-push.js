/*
 * The service worker's push handling (issue 33, ADR 045), imported by the Workbox-generated sw.js. A message from
 * the site is JSON: { title, body, url, tag }. It is shown as a notification (a newer one with the same tag
 * replaces the older), and a tap opens its page on this site: an open tab of that page is focused, else a new one.
 */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Schools Chess', {
      body: message.body || '',
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const asked = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only a page of this site: a message can never send the reader elsewhere.
  const url = asked.origin === self.location.origin ? asked.href : `${self.location.origin}/`;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
