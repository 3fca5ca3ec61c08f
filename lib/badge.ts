/** Text of an unread badge: nothing at zero, `99+` past the cap (99 on desktop and in the drawer, 9 on the mobile icon). */
export function badgeText(count: number, cap: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}
