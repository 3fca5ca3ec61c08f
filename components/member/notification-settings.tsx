'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DateInput } from '@/components/forms/date-input';
import { PushOptIn } from '@/components/member/push-opt-in';
import { useSettingsPatch } from '@/components/member/settings-forms';
import {
  defaultQuietHours,
  notificationChannels,
  notificationChannelsOf,
  notificationKinds,
  type NotificationChannel,
  type NotificationKind,
} from '@/lib/domain';
import type { Notifications } from '@/lib/schemas/member';

// parametres' notifications: a switch per kind and channel, the quiet hours, and this browser's
// pushes; each change is saved at once (PATCH /me `notifications`).

const channelLabel = { email: 'channelEmail', push: 'channelPush' } as const satisfies Record<
  NotificationChannel,
  string
>;

export function NotificationSettingsForm({ notifications }: { notifications: Notifications }) {
  const t = useTranslations('Settings');
  const [current, setCurrent] = useState(notifications);
  const { pending, patch } = useSettingsPatch();
  const save = async (change: Record<string, unknown>) => {
    const saved = await patch({ notifications: change });
    if (saved) setCurrent(saved.notifications);
  };
  // Each channel carries the switches of its kinds only (notificationChannelsOf).
  const switches: Record<NotificationChannel, Partial<Record<NotificationKind, boolean>>> = current;
  return (
    <div className="grid max-w-2xl gap-6">
      <table className="w-full border-collapse text-start">
        <thead>
          <tr className="border-b border-neutral-200 text-sm">
            <th scope="col" className="py-2 text-start font-semibold">
              <span className="sr-only">{t('notifications')}</span>
            </th>
            {notificationChannels.map((channel) => (
              <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-semibold sm:w-24 sm:px-2">
                {t(channelLabel[channel])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {notificationKinds.map((kind) => (
            <tr key={kind} className="border-b border-neutral-100 align-top">
              <th scope="row" className="py-3 pe-3 text-start font-normal">
                <span className="font-semibold">{t(`notify.${kind}`)}</span>
                <span className="text-muted block text-sm">{t(`notify.${kind}Hint`)}</span>
              </th>
              {notificationChannels.map((channel) => (
                <td key={channel} className="px-1 py-3 text-center sm:px-2">
                  {(notificationChannelsOf[kind] as readonly string[]).includes(channel) ? (
                    <input
                      type="checkbox"
                      role="switch"
                      aria-label={`${t(`notify.${kind}`)} · ${t(channelLabel[channel])}`}
                      checked={switches[channel][kind] ?? false}
                      disabled={pending}
                      onChange={(event) => save({ [channel]: { [kind]: event.target.checked } })}
                      className="accent-secondary size-5"
                    />
                  ) : (
                    <span className="text-muted" title={t('notAvailable')}>
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">{t('notAvailable')}</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">{t('quietHours')}</legend>
        <p className="text-muted text-sm">{t('quietHoursHint')}</p>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            checked={current.quietHours.enabled}
            disabled={pending}
            onChange={(event) => save({ quietHours: { enabled: event.target.checked } })}
            className="accent-secondary size-5"
          />
          <span>{t('quietEnabled')}</span>
        </label>
        <div className="flex flex-wrap items-end gap-4">
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className="flex flex-col gap-1 text-sm font-semibold">
              {t(end === 'from' ? 'quietFrom' : 'quietTo')}
              <DateInput
                kind="time"
                dir="ltr"
                faceClassName="text-sm font-normal"
                value={current.quietHours[end]}
                disabled={pending || !current.quietHours.enabled}
                onChange={(event) => {
                  const value = event.target.value;
                  setCurrent({ ...current, quietHours: { ...current.quietHours, [end]: value } });
                  if (/^\d\d:\d\d$/.test(value)) void save({ quietHours: { [end]: value } });
                }}
                className="focus:border-secondary min-h-12 rounded-lg border border-neutral-300 bg-white px-3 font-normal"
              />
            </label>
          ))}
          <p className="text-muted pb-3 text-sm">
            {current.quietHours.timeZone === defaultQuietHours.timeZone
              ? t('quietZoneTunis')
              : t('quietZone', { zone: current.quietHours.timeZone })}
          </p>
        </div>
      </fieldset>
      <div className="border-t border-neutral-100 pt-4">
        <PushOptIn variant="settings" />
      </div>
    </div>
  );
}
