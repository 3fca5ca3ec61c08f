import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import {
  defaultQuietHours,
  notificationChannelsOf,
  notificationKinds,
  type NotificationChannel,
  type NotificationKind,
} from '@/lib/domain';
import type { Notifications, NotificationsInput } from '@/lib/schemas/member';
import { now } from '@/lib/server/clock';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { notificationSettings } from '@/lib/server/db/schema';

// What a member wants to be told, and when: every sender (deal e-mails, unread-message e-mails,
// pushes, alert digests, the newsletter) asks shouldNotify() before it sends. No row: the defaults.

type SettingsRow = typeof notificationSettings.$inferSelect;
type Reader = Pick<Db | Tx, 'select'>;

const defaults = (userId: string): SettingsRow => ({
  userId,
  muted: [],
  quietEnabled: defaultQuietHours.enabled,
  quietFrom: defaultQuietHours.from,
  quietTo: defaultQuietHours.to,
  timeZone: defaultQuietHours.timeZone,
  updatedAt: new Date(0),
});

const pair = (channel: NotificationChannel, kind: NotificationKind) => `${channel}:${kind}`;
const carries = (channel: NotificationChannel, kind: NotificationKind) =>
  (notificationChannelsOf[kind] as readonly NotificationChannel[]).includes(channel);

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The settings rows of these members (defaults for those without one). */
export async function settingsRows(userIds: string[], db?: Reader): Promise<Map<string, SettingsRow>> {
  const reader = db ?? (await getDb());
  const rows = userIds.length
    ? await reader.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds))
    : [];
  const found = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? defaults(id)]));
}

function view(row: SettingsRow): Notifications {
  const switches = (channel: NotificationChannel) =>
    Object.fromEntries(
      notificationKinds
        .filter((kind) => carries(channel, kind))
        .map((kind) => [kind, !row.muted.includes(pair(channel, kind))]),
    );
  return {
    email: switches('email') as Notifications['email'],
    push: switches('push') as Notifications['push'],
    quietHours: { enabled: row.quietEnabled, from: hhmm(row.quietFrom), to: hhmm(row.quietTo), timeZone: row.timeZone },
  };
}

/** A member's notification settings, as parametres shows them. */
export async function notificationsOf(userId: string, db?: Reader): Promise<Notifications> {
  return view((await settingsRows([userId], db)).get(userId)!);
}

/** Changes some of a member's switches or quiet hours (PATCH /me `notifications`), in `tx`. */
export async function updateNotifications(tx: Tx, userId: string, input: NotificationsInput): Promise<Notifications> {
  const [current] = await tx
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for('update');
  const row = current ?? defaults(userId);
  const muted = new Set(row.muted);
  for (const channel of ['email', 'push'] as const)
    for (const [kind, on] of Object.entries(input[channel] ?? {}))
      if (on === false) muted.add(pair(channel, kind as NotificationKind));
      else if (on === true) muted.delete(pair(channel, kind as NotificationKind));
  const quiet = input.quietHours ?? {};
  const next = {
    muted: [...muted].sort(),
    quietEnabled: quiet.enabled ?? row.quietEnabled,
    quietFrom: quiet.from !== undefined ? minutesOf(quiet.from) : row.quietFrom,
    quietTo: quiet.to !== undefined ? minutesOf(quiet.to) : row.quietTo,
    timeZone: quiet.timeZone ?? row.timeZone,
  };
  const [saved] = await tx
    .insert(notificationSettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: next })
    .returning();
  return view(saved!);
}

/** Minutes after midnight at `at` in `timeZone`. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/**
 * When the quiet hours around `at` end, or null when `at` is outside them. A zone's change of
 * offset inside the quiet hours (summer time) may move the end by that hour; Tunisia has none.
 */
export function quietUntil(
  quiet: { enabled: boolean; from: number; to: number; timeZone: string },
  at: Date,
): Date | null {
  if (!quiet.enabled || quiet.from === quiet.to) return null;
  const minute = localMinutes(at, quiet.timeZone);
  const inside =
    quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
  if (!inside) return null;
  const wait = (quiet.to - minute + 1440) % 1440;
  const start = new Date(at);
  start.setUTCSeconds(0, 0);
  return new Date(start.getTime() + wait * 60_000);
}

export type NotifyDecision = { send: true } | { send: false; until?: Date };

/**
 * Whether to tell `member` about something of `kind` through `channel` at `at`: no when they switched
 * it off (or the channel does not carry that kind); a push during their quiet hours waits `until`
 * their end; e-mails never wait.
 */
export async function shouldNotify(
  member: string | SettingsRow,
  kind: NotificationKind,
  channel: NotificationChannel,
  at: Date = now(),
  db?: Reader,
): Promise<NotifyDecision> {
  const row = typeof member === 'string' ? (await settingsRows([member], db)).get(member)! : member;
  if (!carries(channel, kind) || row.muted.includes(pair(channel, kind))) return { send: false };
  if (channel === 'push') {
    const until = quietUntil(
      { enabled: row.quietEnabled, from: row.quietFrom, to: row.quietTo, timeZone: row.timeZone },
      at,
    );
    if (until) return { send: false, until };
  }
  return { send: true };
}
