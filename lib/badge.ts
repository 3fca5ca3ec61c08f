/** Past this, an unread badge reads `99+`: the same cap in the header, the drawer and the inbox. */
export const unreadCap = 99;

/** Text of an unread badge: nothing at zero, `99+` past the cap. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > unreadCap ? `${unreadCap}+` : String(Math.floor(count));
}
