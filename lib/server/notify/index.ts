import 'server-only';

// Reaching people, as one domain (docs/architecture.md "Notifications"): e-mail (SMTP or the outbox,
// never a notification to a suppressed address), phone codes by SMS or WhatsApp (Twilio, its status
// callbacks), web push (only to push services, held through quiet hours), what each member wants to be
// told and when, one-click unsubscribe, SES bounces through SNS. Deals, members, moderation and public
// call it with plain data (a recipient, a locale, a text); it calls none of them (ESLint says so). This
// file is the only one others import: the modules beside it are its parts.

export type { Mail } from './mail';
export {
  notificationsOf,
  quietUntil,
  settingsRows,
  shouldNotify,
  updateNotifications,
  type NotifyDecision,
} from './preferences';
export { noticeMail, unsubscribeNotices } from './unsubscribe';
export { deliverMail, receiveSesNotification, suppressionOf, type Suppression } from './suppression';
export { deliverPush, queuePush, subscribePush, unsubscribePush, vapidKeys, type PushOutcome } from './push';
export { checkedPhone } from './phone-numbers';
export { phoneCodeChannelsHere } from './sms';
export {
  channelFor,
  deliverPhoneMessage,
  isUndelivered,
  lastDelivery,
  lastUndelivered,
  prunePhoneMessages,
  receiveStatusCallback,
  recordPhoneMessage,
  sentBefore,
  type LastDelivery,
} from './phone-messages';
