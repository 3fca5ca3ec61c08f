import 'server-only';
import { sendMail } from '@/lib/server/mail';
import { sendSms } from '@/lib/server/sms';
import { matchNewListing, sendDueDigests } from '@/lib/server/public/alerts';
import { pruneRateLimits } from '@/lib/server/limits';
import { pruneLiveEvents } from '@/lib/server/events/live';
import { pruneExpiredSessions } from '@/lib/server/auth/session';
import { pruneCaptchaSolutions } from '@/lib/server/public/captcha';
import { removeStoredFolders } from '@/lib/server/storage';
import { sendUnreadMail } from '@/lib/server/deals/unread-mail';
import { deliverPush } from '@/lib/server/members/push';
import type { JobData, JobName } from './definitions';

/** What each job does; a handler that throws is retried (./definitions.ts says how often). */
export const jobHandlers: { [N in JobName]: (data: JobData<N>) => Promise<unknown> } = {
  mail: (mail) => sendMail(mail),
  sms: ({ to, text }) => sendSms(to, text),
  'alert-match': ({ kind, id }) => matchNewListing(kind, id),
  'alert-digests': () => sendDueDigests(),
  'remove-files': ({ folders }) => removeStoredFolders(folders),
  'unread-mail': ({ conversationId, userId }) => sendUnreadMail(conversationId, userId),
  push: ({ userId, kind, payload }) => deliverPush(userId, kind, payload),
  prune: () => Promise.all([pruneRateLimits(), pruneLiveEvents(), pruneExpiredSessions(), pruneCaptchaSolutions()]),
};
