import 'server-only';
import { deliverMail, deliverPhoneMessage, deliverPush, prunePhoneMessages } from '@/lib/server/notify';
import { matchNewListing, sendDueDigests } from '@/lib/server/public/alerts';
import { pruneRateLimits } from '@/lib/server/limits';
import { pruneLiveEvents } from '@/lib/server/events/live';
import { pruneExpiredSessions } from '@/lib/server/auth/session';
import { pruneCaptchaSolutions } from '@/lib/server/public/captcha';
import { removeStoredFolders } from '@/lib/server/storage';
import { removeIdentityFiles } from '@/lib/server/moderation/identity';
import { sendAccountLink } from '@/lib/server/members/accounts';
import { sendDealNews } from '@/lib/server/deals/mail';
import { runListingLifecycle } from '@/lib/server/listings/lifecycle';
import { sendUnreadMail } from '@/lib/server/deals/unread-mail';
import { runDailyBackup } from '@/lib/server/db/backup';
import { rollUpTraffic } from '@/lib/server/traffic/rollup';
import type { JobData, JobName } from './definitions';

/** Phone codes' messages are kept a month (the operator reads what became of them). */
const phoneMessagesKeptDays = 30;

/** What each job does; a handler that throws is retried (./definitions.ts says how often). */
export const jobHandlers: { [N in JobName]: (data: JobData<N>) => Promise<unknown> } = {
  mail: (mail) => deliverMail(mail),
  sms: (message) => deliverPhoneMessage(message),
  'alert-match': ({ kind, id }) => matchNewListing(kind, id),
  'alert-digests': () => sendDueDigests(),
  'remove-files': ({ folders }) => removeStoredFolders(folders),
  'identity-files': ({ checkId }) => removeIdentityFiles(checkId),
  'unread-mail': ({ conversationId, userId }) => sendUnreadMail(conversationId, userId),
  push: ({ userId, kind, payload }) => deliverPush(userId, kind, payload),
  prune: () =>
    Promise.all([
      pruneRateLimits(),
      pruneLiveEvents(),
      pruneExpiredSessions(),
      pruneCaptchaSolutions(),
      prunePhoneMessages(new Date(Date.now() - phoneMessagesKeptDays * 24 * 3600 * 1000)),
    ]),
  'account-link': ({ link, email }) => sendAccountLink(link, email),
  'deal-mail-later': ({ conversationId, recipientId, actorId }) => sendDealNews(conversationId, recipientId, actorId),
  'listing-lifecycle': () => runListingLifecycle(),
  backup: () => runDailyBackup(),
  'traffic-rollup': () => rollUpTraffic(),
};
